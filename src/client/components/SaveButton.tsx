import { useRef } from 'react';
import { SaveButton as RaSaveButton, useSaveContext, useTranslate } from 'react-admin';
import { useFormState } from 'react-hook-form';
import { SAVE_KEYS, useSaveShortcut } from './useSaveShortcut';

/**
 * react-admin's SaveButton, enabled on an untouched form (spec: Add and Update are always offered)
 * but disabled while the form is submitting or the save runs, so a double click saves once. Ctrl+S
 * (⌘S) presses it from anywhere on the screen, as its tooltip says.
 */
export function SaveButton({ label, disabled = false }: { label: string; disabled?: boolean }) {
  const translate = useTranslate();
  const { isSubmitting } = useFormState();
  const { saving } = useSaveContext();
  const button = useRef<HTMLButtonElement>(null);
  useSaveShortcut(button);
  const busy = isSubmitting || Boolean(saving);
  return (
    <RaSaveButton
      ref={button}
      label={translate(label)}
      alwaysEnable={!busy && !disabled}
      disabled={disabled || busy}
      title={translate('shortcut.save', { keys: SAVE_KEYS.shown })}
      aria-keyshortcuts={SAVE_KEYS.aria}
      sx={{ mt: 2 }}
    />
  );
}
