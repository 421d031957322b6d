import { Checkbox, FormControlLabel } from '@mui/material';
import { useInput, useTranslate } from 'react-admin';
import { useReadOnly } from './readOnly';

/** A plain checkbox bound to a boolean form value (spec: "Visible public" is a checkbox); shown
 *  disabled in a read-only form, as react-admin's BooleanInput is. */
export function CheckboxInput({ source, label }: { source: string; label: string }) {
  const translate = useTranslate();
  const { field } = useInput({ source, defaultValue: false });
  const readOnly = useReadOnly();
  return (
    <FormControlLabel
      control={
        <Checkbox
          checked={Boolean(field.value)}
          onChange={(e) => field.onChange(e.target.checked)}
          disabled={readOnly}
          readOnly={readOnly}
        />
      }
      label={translate(label)}
    />
  );
}
