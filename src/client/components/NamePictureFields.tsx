import { BooleanInput, required, TextInput } from 'react-admin';
import { CheckboxInput } from './CheckboxInput';
import { FileInput } from './FileInput';
import { useReadOnly } from './readOnly';

interface Props {
  picture?: string | null;
  /** The playlist editor shows 'Visible public' as a toggle; other forms as a checkbox (spec §2). */
  toggle?: boolean;
}

/** Spec §3: performer and playlist forms: the name, picture and visibility of the record. */
export function NamePictureFields({ picture, toggle }: Props) {
  const readOnly = useReadOnly();
  return (
    <>
      <TextInput source="naziv" label="fields.name" validate={required()} readOnly={readOnly} />
      <FileInput source="picture" label="fields.picture" accept="image/*" currentUrl={picture} preview />
      {toggle ? (
        <BooleanInput source="visibility" label="fields.visible" readOnly={readOnly} />
      ) : (
        <CheckboxInput source="visibility" label="fields.visible" />
      )}
    </>
  );
}
