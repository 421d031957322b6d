import { Box, Button, Typography } from '@mui/material';
import { Navigate, useNavigate } from 'react-router-dom';
import type { AuthProvider } from 'react-admin';
import { useStoredUser } from '../providers/userStore';

/** /viewer: the area for viewer users (spec §1). For now it names the user and offers sign-out. */
export function ViewerPage({ authProvider }: { authProvider: AuthProvider }) {
  const user = useStoredUser();
  const navigate = useNavigate();
  if (!user) return <Navigate to="/admin/login" replace />;
  return (
    <Box component="main" sx={{ p: 3, display: 'grid', gap: 2, maxWidth: 600 }}>
      <Typography variant="h4" component="h1">
        Viewer area
      </Typography>
      <Typography>Signed in as {user.name}</Typography>
      <Typography>Band: {user.banddata?.naziv ?? 'Nema benda'}</Typography>
      <Button
        variant="contained"
        sx={{ justifySelf: 'start' }}
        onClick={async () => {
          await authProvider.logout({});
          navigate('/admin/login');
        }}
      >
        Logout
      </Button>
    </Box>
  );
}
