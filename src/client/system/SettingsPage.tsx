import RestoreIcon from '@mui/icons-material/Restore';
import SaveIcon from '@mui/icons-material/Save';
import { Alert, Box, Button, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Title, useDataProvider } from 'react-admin';
import { toast } from 'react-toastify';
import { DEFAULT_SETTINGS, type SystemSettings } from '../../shared/constants';
import { AdminOnly } from '../components/AdminOnly';
import { describeFailure, fieldMessages } from '../components/requestFailure';
import type { EncoreDataProvider } from '../providers/dataProvider';
import { SettingsFields } from './SettingsFields';
import { settingErrors, toSettings, toValues } from './settingsForm';

const SETTINGS_KEY = ['admin', 'system-settings'];

/** Spec §2 System Settings: five sections of settings, saved together. */
export function SettingsPage() {
  return (
    <AdminOnly>
      <Settings />
    </AdminOnly>
  );
}

function Settings() {
  const dataProvider = useDataProvider<EncoreDataProvider>();
  const settings = useQuery({
    queryKey: SETTINGS_KEY,
    queryFn: () => dataProvider.getSystemSettings(),
    retry: false,
    // The form is filled once; a reload behind the admin's back would not show anyway.
    refetchOnWindowFocus: false,
  });

  return (
    <Box sx={{ p: 2, display: 'grid', gap: 2 }}>
      <Title title="System Settings" />
      <Typography variant="h4" component="h1">
        System Settings
      </Typography>
      {settings.isPending ? (
        <Typography role="status">Loading settings...</Typography>
      ) : settings.error || !settings.data ? (
        <Alert severity="error">Failed to load system settings</Alert>
      ) : (
        <SettingsForm initial={settings.data} />
      )}
    </Box>
  );
}

function SettingsForm({ initial }: { initial: SystemSettings }) {
  const dataProvider = useDataProvider<EncoreDataProvider>();
  const queryClient = useQueryClient();
  const [values, setValues] = useState(() => toValues(initial));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);

  function reset() {
    if (!window.confirm('Are you sure you want to reset all settings to default values?')) return;
    setValues(toValues(DEFAULT_SETTINGS));
    setErrors({});
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
      queryClient.setQueryData(SETTINGS_KEY, answer.settings);
      setValues(toValues(answer.settings));
      toast.success('System settings saved successfully!');
    } catch (error) {
      setErrors(settingErrors(fieldMessages(error)));
      toast.error(
        describeFailure(error, {
          failed: 'Failed to save settings',
          network: 'Failed to save settings: the server did not answer.',
        }),
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
        onChange={(change) => setValues({ ...values, ...change })}
      />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, justifyContent: 'flex-end' }}>
        <Button startIcon={<RestoreIcon />} onClick={reset}>
          Reset to Defaults
        </Button>
        <Button type="submit" variant="contained" startIcon={<SaveIcon />} disabled={saving}>
          Save Settings
        </Button>
      </Box>
    </Box>
  );
}
