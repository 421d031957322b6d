import { MenuItem, TextField } from '@mui/material';
import { type Identifier, useInput, useTranslate } from 'react-admin';

interface Props {
  source: string;
  /** A message key. */
  label: string;
  /** The choices, their names already translated; an id '' is "none". */
  choices: { id: Identifier | ''; name: string }[];
}

/**
 * A dropdown bound to a form value, every choice a real option (react-admin's SelectInput adds a
 * "clear" option of its own): Role and Band of the user modals.
 */
export function SelectField({ source, label, choices }: Props) {
  const translate = useTranslate();
  // No parse: '' stays '' (no band) rather than becoming null.
  const { field, fieldState, id } = useInput({ source, parse: (value: unknown) => value });
  const error = fieldState.error?.message;
  return (
    <TextField
      select
      id={id}
      label={translate(label)}
      name={field.name}
      value={field.value ?? ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      // Show "no band" rather than an empty box when nothing is chosen.
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      error={Boolean(error)}
      helperText={error ? translate(error, { _: error }) : undefined}
    >
      {choices.map((choice) => (
        <MenuItem key={choice.id} value={choice.id}>
          {choice.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
