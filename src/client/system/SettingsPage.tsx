import RestoreIcon from '@mui/icons-material/Restore';
import SaveIcon from '@mui/icons-material/Save';
import { Alert, Box, Button, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import { Page } from '../components/Page';
import { describeFailure, fieldMessages } from '../components/requestFailure';
import type { EncoreDataProvider } from '../providers/dataProvider';
import type { StoredSettings } from '../providers/systemApi';
import { SettingsFields } from './SettingsFields';
import { settingErrors, toSettings, toValues } from './settingsForm';
import { addEnglish } from '../i18n';
import { en } from './messages';

// The settings page's English comes with its code, not in the panel's tree (issue 25, point 3).
addEnglish(en);

const SETTINGS_KEY = ['admin', 'system-settings'];

/** Spec §2 System Settings: five sections of settings, saved together. */
export function SettingsPage() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<EncoreDataProvider>();
  const settings = useQuery({
    queryKey: SETTINGS_KEY,
    queryFn: () => dataProvider.getSystemSettings(),
    retry: false,
    // The form is filled once; a reload behind the admin's back would not show anyway.
    refetchOnWindowFocus: false,
  });

  return (
    <Page title="system.settings.title">
      {settings.isPending ? (
        <Typography role="status">{translate('system.settings.loading')}</Typography>
      ) : settings.error || !settings.data ? (
        <Alert severity="error">{translate('system.settings.load_failed')}</Alert>
      ) : (
        <SettingsForm stored={settings.data} />
      )}
    </Page>
  );
}

function SettingsForm({ stored }: { stored: StoredSettings }) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<EncoreDataProvider>();
  const queryClient = useQueryClient();
  const [values, setValues] = useState(() => toValues(stored.settings));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  // The defaults are only in the form until saved: the page says so until then.
  const [restored, setRestored] = useState(false);

  function reset() {
    if (!window.confirm(translate('system.settings.reset_confirm'))) return;
    // The server's: its websocket_port default follows its PORT.
    setValues(toValues(stored.defaults));
    setErrors({});
    setRestored(true);
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    const parsed = toSettings(values);
    setErrors(parsed.errors);
    if (Object.keys(parsed.errors).length) return;
    setSaving(true);
    try {
      const answer = await dataProvider.saveSystemSettings(parsed.settings);
      // A 401 or 403 signs out, and react-admin then answers the call with an empty {data}.
      if (!answer?.settings) return;
      queryClient.setQueryData(SETTINGS_KEY, { ...stored, settings: answer.settings });
      setValues(toValues(answer.settings));
      setRestored(false);
      notify('system.settings.saved', { type: 'success' });
    } catch (error) {
      setErrors(settingErrors(fieldMessages(error)));
      notify(
        describeFailure(error, {
          failed: translate('system.settings.save_failed'),
          network: translate('system.settings.save_network'),
        }),
        { type: 'error' },
      );
    } finally {
      setSaving(false);
    }
  }

  return (
    <Box component="form" onSubmit={save} noValidate sx={{ display: 'grid', gap: 2 }}>
      <SettingsFields
        values={values}
        errors={errors}
        livePort={stored.live_port}
        onChange={(change) => setValues({ ...values, ...change })}
      />
      {restored && (
        <Alert severity="info" role="status">
          {translate('system.settings.reset_done')}
        </Alert>
      )}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, justifyContent: 'flex-end' }}>
        <Button startIcon={<RestoreIcon />} onClick={reset}>
          {translate('system.settings.reset')}
        </Button>
        <Button type="submit" variant="contained" startIcon={<SaveIcon />} disabled={saving}>
          {translate('system.settings.save')}
        </Button>
      </Box>
    </Box>
  );
}
