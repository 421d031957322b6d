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
import { useTranslate } from 'react-admin';
import { LOG_LEVELS } from '../../shared/constants';
import type { SettingsValues } from './settingsForm';

interface Props {
  values: SettingsValues;
  /** Field errors: message keys of ours or the server's texts, shown translated when they are keys. */
  errors: Record<string, string>;
  onChange: (values: Partial<SettingsValues>) => void;
  /** The server's LIVE_PORT, when it has one: websocket_port is then not used (say so by the field). */
  livePort: number | null;
}

type SectionName = 'websocket' | 'session' | 'backup' | 'logging' | 'general';

function Section({ name, children }: { name: SectionName; children: ReactNode }) {
  const translate = useTranslate();
  const id = `settings-${name}`;
  return (
    <Card component="section" aria-labelledby={id}>
      <CardContent>
        <Typography id={id} variant="h6" component="h2" gutterBottom>
          {translate(`system.settings.sections.${name}`)}
        </Typography>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))' }}>
          {children}
        </Box>
      </CardContent>
    </Card>
  );
}

/** Spec §2 System Settings: the five sections of fields, each with a plain label. */
export function SettingsFields({ values, errors, onChange, livePort }: Props) {
  const translate = useTranslate();
  const label = (field: keyof SettingsValues) => translate(`system.settings.fields.${field}`);
  const error = (field: keyof SettingsValues) =>
    errors[field] ? translate(errors[field], { _: errors[field] }) : undefined;
  const text = (field: keyof SettingsValues, number = true, note?: string) => (
    <TextField
      label={label(field)}
      type={number ? 'number' : 'text'}
      value={values[field]}
      onChange={(event) => onChange({ [field]: event.target.value })}
      error={Boolean(errors[field])}
      helperText={error(field) ?? note}
      slotProps={number ? { htmlInput: { min: 1, step: 1, inputMode: 'numeric' } } : undefined}
    />
  );
  const check = (field: keyof SettingsValues, describedBy?: string) => (
    <Box>
      <FormControlLabel
        label={label(field)}
        control={
          <Checkbox
            checked={Boolean(values[field])}
            onChange={(event) => onChange({ [field]: event.target.checked })}
            slotProps={{ input: { 'aria-describedby': describedBy } }}
          />
        }
      />
      {errors[field] && <FormHelperText error>{error(field)}</FormHelperText>}
    </Box>
  );

  return (
    <>
      <Section name="websocket">
        {text(
          'websocket_port',
          true,
          livePort === null
            ? undefined
            : translate(livePort === 0 ? 'system.settings.live_port_none' : 'system.settings.live_port_set', {
                port: livePort,
              }),
        )}
        {text('websocket_host', false)}
        {text('max_concurrent_connections')}
      </Section>
      <Section name="session">{text('session_timeout')}</Section>
      <Section name="backup">
        {check('auto_backup_enabled')}
        {text('backup_frequency')}
      </Section>
      <Section name="logging">
        <TextField
          select
          label={label('log_level')}
          value={values.log_level}
          onChange={(event) => onChange({ log_level: event.target.value as SettingsValues['log_level'] })}
          error={Boolean(errors.log_level)}
          helperText={error('log_level')}
        >
          {LOG_LEVELS.map((level) => (
            <MenuItem key={level} value={level}>
              {translate(`system.levels.${level}`, { _: level })}
            </MenuItem>
          ))}
        </TextField>
        {text('max_log_file_size')}
      </Section>
      <Section name="general">
        {check('enable_notifications')}
        <Box>
          {check('maintenance_mode', 'maintenance-warning')}
          <FormHelperText id="maintenance-warning" sx={{ color: '#8a4600' }}>
            {translate('system.settings.maintenance_warning')}
          </FormHelperText>
        </Box>
      </Section>
    </>
  );
}
