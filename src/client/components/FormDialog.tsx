import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack } from '@mui/material';
import type { ReactNode } from 'react';
import { Form, type RaRecord, useTranslate } from 'react-admin';
import { type FieldValues, useFormState, useWatch } from 'react-hook-form';

interface Props<R extends RaRecord> {
  /** The title's message key. */
  title: string;
  /** The record edited, or the new one's starting values. */
  record: Partial<R>;
  /** Answers the fields' errors (a 422) for the form to show under each field. */
  onSubmit: (values: Partial<R>) => Promise<Record<string, string> | undefined>;
  /** What went wrong the last time, above the fields. */
  failure?: string;
  /** The submit button's message key. */
  submit: string;
  /** A field the submit button waits for: it stays disabled while that field is blank. */
  requires?: string;
  onClose: () => void;
  children: ReactNode;
}

/** The submit button, disabled while the form saves (a double click would add twice). */
function SubmitButton({ label, requires }: { label: string; requires?: string }) {
  const translate = useTranslate();
  const { isSubmitting } = useFormState();
  const values: FieldValues = useWatch();
  const blank = requires !== undefined && !String(values[requires] ?? '').trim();
  return (
    <Button type="submit" variant="contained" disabled={blank || isSubmitting}>
      {translate(label)}
    </Button>
  );
}

/** An Add or Edit modal (users, bands): a react-admin Form that stays open with what was typed on failure. */
export function FormDialog<R extends RaRecord>({
  title,
  record,
  onSubmit,
  failure,
  submit,
  requires,
  onClose,
  children,
}: Props<R>) {
  const translate = useTranslate();
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      {/* The form holds the record's fields, typed by the caller. Its errors are the server's, shown
          under each field and in the failure above: react-admin's own 'The form is not valid' toast
          would only add a third word on them (issue 26), so it is off, as on the add and edit screens. */}
      <Form
        record={record}
        onSubmit={(values: FieldValues) => onSubmit(values as Partial<R>)}
        noValidate
        disableInvalidFormNotification
      >
        <DialogTitle>{translate(title)}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {failure && <Alert severity="error">{failure}</Alert>}
            {children}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
          <SubmitButton label={submit} requires={requires} />
        </DialogActions>
      </Form>
    </Dialog>
  );
}
