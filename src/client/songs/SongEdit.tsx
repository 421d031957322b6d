import { TextInput } from 'react-admin';
import { CheckboxInput } from '../components/CheckboxInput';
import { EditScreen } from '../components/EditScreen';
import { FileInput } from '../components/FileInput';
import { ResourcePreview } from './ResourcePreview';
import { SongFields } from './SongFields';
import type { Song } from './types';

const RESOURCE_TYPES = 'application/pdf,image/*,audio/*,text/plain';

/** Spec §2 Edit song, with the resource preview beside the form. */
export function SongEdit() {
  return (
    <EditScreen<Song>
      resource="songs"
      aside={(song) => <ResourcePreview file={song.resource} link={song.resursi} />}
    >
      {(song) => (
        <>
          <SongFields
            picture={song.slika}
            readOnlyPerformer={song.owned ? undefined : { name: song.nazivizvodjaca }}
          />
          <TextInput
            source="resursi"
            label="songs.fields.resource_link"
            helperText="songs.fields.resource_link_help"
          />
          <FileInput
            source="resource_file"
            label="songs.fields.resource_file"
            accept={RESOURCE_TYPES}
            currentUrl={song.resource}
          />
          {song.resource && <CheckboxInput source="remove_resource" label="songs.fields.remove_resource" />}
        </>
      )}
    </EditScreen>
  );
}
