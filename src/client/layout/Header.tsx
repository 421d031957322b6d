import { Avatar, Box, Typography } from '@mui/material';
import { AppBar, TitlePortal } from 'react-admin';
import { useStoredUser } from '../providers/userStore';

/** Spec §2 Shell: band name, user name and band picture. */
export function Header() {
  const user = useStoredUser();
  const band = user?.banddata;
  return (
    <AppBar userMenu={false}>
      <TitlePortal />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
        {band && (
          <>
            <Avatar src={band.picture ?? undefined} alt="" sx={{ width: 32, height: 32 }}>
              {band.naziv.charAt(0)}
            </Avatar>
            <Typography component="span" sx={{ fontWeight: 600 }} data-testid="header-band">
              {band.naziv}
            </Typography>
          </>
        )}
        <Typography component="span" data-testid="header-user">
          {user?.name}
        </Typography>
      </Box>
    </AppBar>
  );
}
