import { Alert } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useMaintenanceMessage } from '../providers/maintenance';

/** Spec: signed-in non-admins in maintenance mode see the server's message above every screen. */
export function MaintenanceBanner() {
  const translate = useTranslate();
  const message = useMaintenanceMessage();
  if (!message) return null;
  return (
    <Alert severity="warning" role="status" sx={{ m: 2, mb: 0 }}>
      {translate('shell.maintenance', { message })}
    </Alert>
  );
}
