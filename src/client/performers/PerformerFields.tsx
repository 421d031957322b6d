import { required, TextInput } from 'react-admin';
import { CheckboxInput } from '../components/CheckboxInput';
import { FileInput } from '../components/FileInput';

/** Spec §3: performer forms use title, picture, visible. */
export function PerformerFields({ picture }: { picture?: string | null }) {
  return (
    <>
      <TextInput source="title" label="Name" validate={required()} />
      <FileInput source="picture" label="Picture" accept="image/*" currentUrl={picture} preview />
      <CheckboxInput source="visible" label="Visible public" />
    </>
  );
}
