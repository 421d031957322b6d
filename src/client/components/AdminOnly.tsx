import { Alert, Box } from '@mui/material';
import type { ReactNode } from 'react';
import { useStoredUser } from '../providers/userStore';

/** System-admin screens show other roles a plain refusal; the server refuses their calls too. */
export function AdminOnly({ children }: { children: ReactNode }) {
  const user = useStoredUser();
  if (!user?.permissions.isAdmin) {
    return (
      <Box sx={{ p: 2 }}>
        <Alert severity="warning">
          You are not allowed to see this page. It is for system administrators.
        </Alert>
      </Box>
    );
  }
  return children;
}
