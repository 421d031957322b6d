import { BooleanInput, required, TextInput } from 'react-admin';
import { CheckboxInput } from './CheckboxInput';
import { FileInput } from './FileInput';

interface Props {
  picture?: string | null;
  /** The playlist editor shows 'Visible public' as a toggle; other forms as a checkbox (spec §2). */
  toggle?: boolean;
}

/** Spec §3: performer and playlist forms use title, picture, visible. */
export function NamePictureFields({ picture, toggle }: Props) {
  return (
    <>
      <TextInput source="title" label="Name" validate={required()} />
      <FileInput source="picture" label="Picture" accept="image/*" currentUrl={picture} preview />
      {toggle ? (
        <BooleanInput source="visible" label="Visible public" />
      ) : (
        <CheckboxInput source="visible" label="Visible public" />
      )}
    </>
  );
}
