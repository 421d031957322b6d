import { TextField } from '@mui/material';
import { required, TextInput, useTranslate } from 'react-admin';
import { CheckboxInput } from '../components/CheckboxInput';
import { FileInput } from '../components/FileInput';
import { ReferencePicker } from '../components/ReferencePicker';
import { useReadOnly } from '../components/readOnly';

/** Another band's song names a performer the picker may not offer (a private one): shown as text. */
function PerformerName({ name }: { name: string | null }) {
  const translate = useTranslate();
  return (
    <TextField
      label={translate('songs.fields.performer')}
      value={name ?? ''}
      variant="filled"
      fullWidth
      // Read-only as react-admin shows a readOnly input: disabled-looking, so nobody types into it.
      disabled
      slotProps={{ input: { readOnly: true } }}
      sx={{ my: 1 }}
    />
  );
}

interface Props {
  picture?: string | null;
  /** Another band's song, read only: its performer as text. */
  readOnlyPerformer?: { name: string | null };
}

/** Fields shared by Add song and Edit song (spec §3 song form fields), on the record's own fields. */
export function SongFields({ picture, readOnlyPerformer }: Props) {
  const readOnly = useReadOnly();
  return (
    <>
      <TextInput source="naziv" label="songs.fields.title" validate={required()} readOnly={readOnly} />
      {readOnlyPerformer ? (
        <PerformerName name={readOnlyPerformer.name} />
      ) : (
        <ReferencePicker source="idizvodjaca" reference="performers" label="songs.fields.performer" />
      )}
      <FileInput source="picture" label="fields.picture" accept="image/*" currentUrl={picture} preview />
      <CheckboxInput source="visibility" label="fields.visible" />
    </>
  );
}
