import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack } from '@mui/material';
import { useState } from 'react';
import { Form, TextInput, useCreate, useNotify, useTranslate, useUpdate } from 'react-admin';
import { useFormState } from 'react-hook-form';
import type { ListedBand, ListedUser } from '../../shared/api-types';
import { ROLES } from '../../shared/constants';
import { describeFailure } from '../components/requestFailure';
import type { UserRecord } from '../providers/adminApi';
import { SelectField } from './SelectField';
import { fieldErrors, signedOut, useAdminChanged } from './useAdminChanged';

interface Props {
  /** The user to edit; none to add a new one. */
  user?: ListedUser;
  bands: ListedBand[];
  onClose: () => void;
}

const NEW_USER: Partial<UserRecord> = { name: '', email: '', password: '', role: 'viewer', band: '' };

/** Spec §2 Add New User and Edit User modals; the modal stays open with what was typed on failure. */
export function UserFormDialog({ user, bands, onClose }: Props) {
  const translate = useTranslate();
  const notify = useNotify();
  const [create] = useCreate<UserRecord>();
  const [update] = useUpdate<UserRecord>();
  const changed = useAdminChanged();
  const [failure, setFailure] = useState<string>();
  const adding = !user;

  async function submit(values: Partial<UserRecord>) {
    // Spec §5: name, email and password on add; on edit a blank password keeps the current one.
    if (!values.name?.trim() || !values.email?.trim() || (adding && !values.password)) {
      setFailure(translate('users.form.required'));
      return undefined;
    }
    setFailure(undefined);
    try {
      const saved = user
        ? await update(
            'users',
            { id: user.id, data: values, previousData: user },
            { mutationMode: 'pessimistic', returnPromise: true },
          )
        : await create('users', { data: values }, { returnPromise: true });
      if (!signedOut(saved))
        notify(adding ? 'users.add.success' : 'users.edit.success', {
          type: 'success',
          autoHideDuration: 3000,
        });
      onClose();
      // react-admin reloads the users itself after a create, not after an update.
      await (adding ? changed('bands') : changed('users', 'bands'));
      return undefined;
    } catch (error) {
      setFailure(
        adding
          ? describeFailure(error, {
              failed: translate('users.add.failed'),
              network: translate('users.add.network'),
            })
          : describeFailure(error, {
              failed: translate('users.edit.failed'),
              network: translate('users.edit.network'),
              withStatus: true,
            }),
      );
      return fieldErrors(error);
    }
  }

  const roles = ROLES.map((role) => ({ id: role, name: translate(`roles.${role}`) }));
  const bandChoices = [
    { id: '' as const, name: translate('users.list.no_band') },
    ...bands.map((band) => ({ id: band.id, name: band.naziv })),
  ];
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <Form
        record={user ? { ...user, password: '', band: user.band ?? '' } : NEW_USER}
        onSubmit={(values: object) => submit(values as Partial<UserRecord>)}
        noValidate
      >
        <DialogTitle>{translate(adding ? 'users.form.add_title' : 'users.form.edit_title')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {failure && <Alert severity="error">{failure}</Alert>}
            <TextInput source="name" label="users.form.name" isRequired autoFocus helperText={false} />
            <TextInput source="email" label="users.form.email" type="email" isRequired helperText={false} />
            <TextInput
              source="password"
              label="users.form.password"
              type="password"
              isRequired={adding}
              autoComplete="new-password"
              helperText={adding ? 'users.form.password_new' : 'users.form.password_keep'}
            />
            <SelectField source="role" label="users.form.role" choices={roles} />
            <SelectField source="band" label="users.form.band" choices={bandChoices} />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
          <SubmitButton label={adding ? 'users.form.add' : 'users.form.save'} />
        </DialogActions>
      </Form>
    </Dialog>
  );
}

/** The modal's submit button, disabled while the form saves (a double click adds one user). */
function SubmitButton({ label }: { label: string }) {
  const translate = useTranslate();
  const { isSubmitting } = useFormState();
  return (
    <Button type="submit" variant="contained" disabled={isSubmitting}>
      {translate(label)}
    </Button>
  );
}
