import { Checkbox, FormControlLabel } from '@mui/material';
import { useInput, useTranslate } from 'react-admin';

/** A plain checkbox bound to a boolean form value (spec: "Visible public" is a checkbox). */
export function CheckboxInput({ source, label }: { source: string; label: string }) {
  const translate = useTranslate();
  const { field } = useInput({ source, defaultValue: false });
  return (
    <FormControlLabel
      control={<Checkbox checked={Boolean(field.value)} onChange={(e) => field.onChange(e.target.checked)} />}
      label={translate(label)}
    />
  );
}
