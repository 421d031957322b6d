import { Alert, Box } from '@mui/material';
import type { ComponentType, ReactNode } from 'react';
import { usePermissions, useTranslate } from 'react-admin';
import type { Permissions } from '../providers/authProvider';

/** System-admin screens show other roles a plain refusal; the server refuses their calls too. */
export function AdminOnly({ children }: { children: ReactNode }) {
  const translate = useTranslate();
  const { permissions, isPending } = usePermissions<Permissions>();
  if (isPending) return null;
  if (!permissions?.isAdmin) {
    return (
      <Box sx={{ p: 2 }}>
        <Alert severity="warning">{translate('shell.admin_only')}</Alert>
      </Box>
    );
  }
  return children;
}

/** A system-admin screen, as routes and resources name it. */
export const adminOnly = (Screen: ComponentType) =>
  function AdminScreen() {
    return (
      <AdminOnly>
        <Screen />
      </AdminOnly>
    );
  };
