import { TextInput } from 'react-admin';
import { CheckboxInput } from '../components/CheckboxInput';
import { EditScreen } from '../components/EditScreen';
import { FileInput } from '../components/FileInput';
import { useReadOnly } from '../components/readOnly';
import { ResourcePreview } from './ResourcePreview';
import { SongFields } from './SongFields';
import { SongSheetFields } from './SongSheetFields';
import type { Song } from './types';

const RESOURCE_TYPES = 'application/pdf,image/*,audio/*,text/plain';

/** The song's resource: a link, or a file (which may be removed). */
function ResourceFields({ song }: { song: Song }) {
  const readOnly = useReadOnly();
  return (
    <>
      <TextInput
        source="resursi"
        label="songs.fields.resource_link"
        // How to fill it in is no help to someone who cannot (and disabled grey text is hard to read).
        helperText={readOnly ? false : 'songs.fields.resource_link_help'}
        readOnly={readOnly}
      />
      <FileInput
        source="resource_file"
        label="songs.fields.resource_file"
        accept={RESOURCE_TYPES}
        currentUrl={song.resource}
      />
      {song.resource && !readOnly && (
        <CheckboxInput source="remove_resource" label="songs.fields.remove_resource" />
      )}
    </>
  );
}

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
          <ResourceFields song={song} />
          <SongSheetFields />
        </>
      )}
    </EditScreen>
  );
}
