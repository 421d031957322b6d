import { TextInput } from 'react-admin';
import { useWatch } from 'react-hook-form';
import type { ListedBand } from '../../shared/api-types';
import { CheckboxInput } from '../components/CheckboxInput';
import { FileInput } from '../components/FileInput';
import { FormDialog } from '../components/FormDialog';
import { LazyConflictDialog } from '../components/conflict/LazyConflictDialog';
import type { BandRecord } from '../providers/adminApi';
import { useAdminSave } from '../users/useAdminSave';
import { FormerLinks } from './FormerLinks';

interface Props {
  /** The band to edit; none to add a new one. */
  band?: ListedBand;
  onClose: () => void;
}

const NEW_BAND: Partial<BandRecord> = { naziv: '', email: '' };

/** Spec §2 Add New Band and Edit Band modals: a name (required), an email and a picture. */
export function BandFormDialog({ band, onClose }: Props) {
  const { save, failure, adding, resolve } = useAdminSave<BandRecord>('bands', band, onClose, {
    statusOnAdd: true,
  });
  // Spec §5: the trimmed name is required (the submit button waits for it).
  const submit = (values: Partial<BandRecord>) =>
    values.naziv?.trim() ? save(values) : Promise.resolve(undefined);

  return (
    <>
      <FormDialog<BandRecord>
        title={adding ? 'bands.form.add_title' : 'bands.form.edit_title'}
        record={band ?? NEW_BAND}
        onSubmit={submit}
        failure={failure}
        submit={adding ? 'bands.form.add' : 'bands.form.save'}
        requires="naziv"
        onClose={onClose}
      >
        <TextInput source="naziv" label="bands.form.name" isRequired autoFocus helperText={false} />
        <TextInput source="email" label="bands.form.email" type="email" helperText="bands.form.email_help" />
        <TextInput source="slug" label="bands.form.slug" helperText="bands.form.slug_help" />
        {band && <FormerLinks bandId={band.id} />}
        <Picture current={band?.picture} />
      </FormDialog>
      {resolve && (
        <LazyConflictDialog
          conflict={resolve.conflict}
          resource="bands"
          busy={false}
          onApply={resolve.apply}
          onReload={resolve.reload}
        />
      )}
    </>
  );
}

/** The picture chooser, and the choice to drop the current picture while no new one is chosen. */
function Picture({ current }: { current?: string | null }) {
  const [file, remove] = useWatch<BandRecord, ['picture_file', 'remove_picture']>({
    name: ['picture_file', 'remove_picture'],
  });
  return (
    <>
      <FileInput
        source="picture_file"
        label="bands.form.picture"
        accept="image/*"
        currentUrl={remove ? null : current}
        preview
        notImage="bands.form.not_image"
        status={{ kept: 'bands.form.picture_kept', none: 'bands.form.no_picture' }}
      />
      {current && !file && <CheckboxInput source="remove_picture" label="bands.form.remove_picture" />}
    </>
  );
}
