import {
  Box,
  Card,
  CardContent,
  Checkbox,
  FormControlLabel,
  FormHelperText,
  MenuItem,
  TextField,
  Typography,
} from '@mui/material';
import type { ReactNode } from 'react';
import { LOG_LEVELS } from '../../shared/constants';
import type { SettingsValues } from './settingsForm';

interface Props {
  values: SettingsValues;
  errors: Record<string, string>;
  onChange: (values: Partial<SettingsValues>) => void;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = `settings-${title.toLowerCase()}`;
  return (
    <Card component="section" aria-labelledby={id}>
      <CardContent>
        <Typography id={id} variant="h6" component="h2" gutterBottom>
          {title}
        </Typography>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))' }}>
          {children}
        </Box>
      </CardContent>
    </Card>
  );
}

/** Spec §2 System Settings: the five sections of fields, each with a plain label. */
export function SettingsFields({ values, errors, onChange }: Props) {
  const text = (field: keyof SettingsValues, label: string, number = true) => (
    <TextField
      label={label}
      type={number ? 'number' : 'text'}
      value={values[field]}
      onChange={(event) => onChange({ [field]: event.target.value })}
      error={Boolean(errors[field])}
      helperText={errors[field]}
      slotProps={number ? { htmlInput: { min: 1, step: 1, inputMode: 'numeric' } } : undefined}
    />
  );
  const check = (field: keyof SettingsValues, label: string, describedBy?: string) => (
    <Box>
      <FormControlLabel
        label={label}
        control={
          <Checkbox
            checked={Boolean(values[field])}
            onChange={(event) => onChange({ [field]: event.target.checked })}
            slotProps={{ input: { 'aria-describedby': describedBy } }}
          />
        }
      />
      {errors[field] && <FormHelperText error>{errors[field]}</FormHelperText>}
    </Box>
  );

  return (
    <>
      <Section title="WebSocket">
        {text('websocket_port', 'WebSocket Port')}
        {text('websocket_host', 'WebSocket Host', false)}
        {text('max_concurrent_connections', 'Max Concurrent Connections')}
      </Section>
      <Section title="Session">{text('session_timeout', 'Session Timeout (minutes)')}</Section>
      <Section title="Backup">
        {check('auto_backup_enabled', 'Enable Automatic Backups')}
        {text('backup_frequency', 'Backup Frequency (hours)')}
      </Section>
      <Section title="Logging">
        <TextField
          select
          label="Log Level"
          value={values.log_level}
          onChange={(event) => onChange({ log_level: event.target.value as SettingsValues['log_level'] })}
          error={Boolean(errors.log_level)}
          helperText={errors.log_level}
        >
          {LOG_LEVELS.map((level) => (
            <MenuItem key={level} value={level}>
              {level}
            </MenuItem>
          ))}
        </TextField>
        {text('max_log_file_size', 'Max Log File Size (MB)')}
      </Section>
      <Section title="General">
        {check('enable_notifications', 'Enable Notifications')}
        <Box>
          {check('maintenance_mode', 'Maintenance Mode', 'maintenance-warning')}
          <FormHelperText id="maintenance-warning" sx={{ color: '#8a4600' }}>
            While on, everyone but system administrators is blocked from Encore.
          </FormHelperText>
        </Box>
      </Section>
    </>
  );
}
