import { SaveButton as RaSaveButton, useSaveContext, useTranslate } from 'react-admin';
import { useFormState } from 'react-hook-form';

/**
 * react-admin's SaveButton, enabled on an untouched form (spec: Add and Update are always offered)
 * but disabled while the form is submitting or the save runs, so a double click saves once.
 */
export function SaveButton({ label, disabled = false }: { label: string; disabled?: boolean }) {
  const translate = useTranslate();
  const { isSubmitting } = useFormState();
  const { saving } = useSaveContext();
  const busy = isSubmitting || Boolean(saving);
  return (
    <RaSaveButton
      label={translate(label)}
      alwaysEnable={!busy && !disabled}
      disabled={disabled || busy}
      sx={{ mt: 2 }}
    />
  );
}
