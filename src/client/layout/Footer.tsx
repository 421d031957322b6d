import { Box, Typography } from '@mui/material';
import { useStoredUser } from '../providers/userStore';

/** Spec §2 Shell footer. */
export function Footer() {
  const user = useStoredUser();
  return (
    <Box
      component="footer"
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        gap: 3,
        justifyContent: 'center',
        py: 1.5,
        mt: 2,
        borderTop: 1,
        borderColor: 'divider',
        color: 'text.secondary',
      }}
    >
      <Typography variant="body2">Encore Admin Panel</Typography>
      <Typography variant="body2">Band: {user?.banddata?.naziv ?? 'Unknown'}</Typography>
      <Typography variant="body2">Logged in as: {user?.name ?? 'Unknown User'}</Typography>
      <Typography variant="body2">{new Date().getFullYear()}</Typography>
    </Box>
  );
}
