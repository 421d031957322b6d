import { AutocompleteInput, ReferenceInput, required, TextInput } from 'react-admin';
import { OWNERSHIP } from '../../shared/constants';
import { CheckboxInput } from '../components/CheckboxInput';
import { FileInput } from '../components/FileInput';

/** The performers a song may name (the band's own and other bands' public ones), searched on the
 *  server as the user types, so thousands stay usable. */
function PerformerInput() {
  return (
    <ReferenceInput source="idizvodjaca" reference="performers" filter={{ ownership: OWNERSHIP.all }}>
      <AutocompleteInput
        label="songs.fields.performer"
        optionText="naziv"
        validate={required()}
        filterToQuery={(q: string) => ({ q })}
      />
    </ReferenceInput>
  );
}

/** Fields shared by Add song and Edit song (spec §3 song form fields), on the record's own fields. */
export function SongFields({ picture }: { picture?: string | null }) {
  return (
    <>
      <TextInput source="naziv" label="songs.fields.title" validate={required()} />
      <PerformerInput />
      <FileInput source="picture" label="fields.picture" accept="image/*" currentUrl={picture} preview />
      <CheckboxInput source="visibility" label="fields.visible" />
    </>
  );
}
