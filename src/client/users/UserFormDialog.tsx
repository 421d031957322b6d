import { TextInput, useTranslate } from 'react-admin';
import type { ListedBand, ListedUser } from '../../shared/api-types';
import { ROLES } from '../../shared/constants';
import { FormDialog } from '../components/FormDialog';
import { LazyConflictDialog } from '../components/conflict/LazyConflictDialog';
import type { UserRecord } from '../providers/adminApi';
import { SelectField } from './SelectField';
import { useAdminSave } from './useAdminSave';

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
  const { save, failure, setFailure, adding, resolve } = useAdminSave<UserRecord>('users', user, onClose, {
    statusOnAdd: false,
  });

  function submit(values: Partial<UserRecord>) {
    // Spec §5: name, email and password on add; on edit a blank password keeps the current one.
    if (!values.name?.trim() || !values.email?.trim() || (adding && !values.password)) {
      setFailure(translate('users.form.required'));
      return Promise.resolve(undefined);
    }
    return save(values);
  }

  const roles = ROLES.map((role) => ({ id: role, name: translate(`roles.${role}`) }));
  const bandChoices = [
    { id: '' as const, name: translate('users.list.no_band') },
    ...bands.map((band) => ({ id: band.id, name: band.naziv })),
  ];
  return (
    <>
      <FormDialog<UserRecord>
        title={adding ? 'users.form.add_title' : 'users.form.edit_title'}
        record={user ? { ...user, password: '', band: user.band ?? '' } : NEW_USER}
        onSubmit={submit}
        failure={failure}
        submit={adding ? 'users.form.add' : 'users.form.save'}
        onClose={onClose}
      >
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
      </FormDialog>
      {resolve && (
        <LazyConflictDialog
          conflict={resolve.conflict}
          resource="users"
          busy={false}
          onApply={resolve.apply}
          onReload={resolve.reload}
        />
      )}
    </>
  );
}
