import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack } from '@mui/material';
import { useState } from 'react';
import { Form, TextInput, useCreate, useNotify, useTranslate, useUpdate } from 'react-admin';
import { useFormState, useWatch } from 'react-hook-form';
import type { ListedBand } from '../../shared/api-types';
import { CheckboxInput } from '../components/CheckboxInput';
import { describeFailure } from '../components/requestFailure';
import type { BandRecord } from '../providers/adminApi';
import { fieldErrors, signedOut, useAdminChanged } from '../users/useAdminChanged';
import { FormerLinks } from './FormerLinks';
import { PictureField } from './PictureField';

interface Props {
  /** The band to edit; none to add a new one. */
  band?: ListedBand;
  onClose: () => void;
}

const NEW_BAND: Partial<BandRecord> = { naziv: '', email: '' };

/** Spec §2 Add New Band and Edit Band modals: a name (required), an email and a picture. */
export function BandFormDialog({ band, onClose }: Props) {
  const translate = useTranslate();
  const notify = useNotify();
  const [create] = useCreate<BandRecord>();
  const [update] = useUpdate<BandRecord>();
  const changed = useAdminChanged();
  const [failure, setFailure] = useState<string>();
  const adding = !band;

  async function submit(values: Partial<BandRecord>) {
    if (!values.naziv?.trim()) return undefined;
    setFailure(undefined);
    try {
      const saved = band
        ? await update(
            'bands',
            { id: band.id, data: values, previousData: band },
            { mutationMode: 'pessimistic', returnPromise: true },
          )
        : await create('bands', { data: values }, { returnPromise: true });
      if (!signedOut(saved))
        notify(adding ? 'bands.add.success' : 'bands.edit.success', {
          type: 'success',
          autoHideDuration: 3000,
        });
      onClose();
      // react-admin reloads the bands itself after a create, not after an update; users show band names.
      await (adding ? changed('users') : changed('users', 'bands'));
      return undefined;
    } catch (error) {
      setFailure(
        describeFailure(error, {
          failed: translate(adding ? 'bands.add.failed' : 'bands.edit.failed'),
          network: translate(adding ? 'bands.add.network' : 'bands.edit.network'),
          withStatus: true,
        }),
      );
      return fieldErrors(error);
    }
  }

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <Form
        record={band ?? NEW_BAND}
        onSubmit={(values: object) => submit(values as Partial<BandRecord>)}
        noValidate
      >
        <DialogTitle>{translate(adding ? 'bands.form.add_title' : 'bands.form.edit_title')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {failure && <Alert severity="error">{failure}</Alert>}
            <TextInput source="naziv" label="bands.form.name" isRequired autoFocus helperText={false} />
            <TextInput
              source="email"
              label="bands.form.email"
              type="email"
              helperText="bands.form.email_help"
            />
            <TextInput source="slug" label="bands.form.slug" helperText="bands.form.slug_help" />
            {band && <FormerLinks bandId={band.id} />}
            <Picture current={band?.picture} />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
          <SubmitButton label={adding ? 'bands.form.add' : 'bands.form.save'} />
        </DialogActions>
      </Form>
    </Dialog>
  );
}

/** The picture chooser, and the choice to drop the current picture while no new one is chosen. */
function Picture({ current }: { current?: string | null }) {
  const [file, remove] = useWatch<BandRecord, ['picture_file', 'remove_picture']>({
    name: ['picture_file', 'remove_picture'],
  });
  return (
    <>
      <PictureField source="picture_file" label="bands.form.picture" currentUrl={remove ? null : current} />
      {current && !file && <CheckboxInput source="remove_picture" label="bands.form.remove_picture" />}
    </>
  );
}

/** Spec §5: disabled while the trimmed name is empty, and while the form saves. */
function SubmitButton({ label }: { label: string }) {
  const translate = useTranslate();
  const { isSubmitting } = useFormState();
  const naziv = useWatch({ name: 'naziv' }) as string | null | undefined;
  return (
    <Button type="submit" variant="contained" disabled={!naziv?.trim() || isSubmitting}>
      {translate(label)}
    </Button>
  );
}
