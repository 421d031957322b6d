import { Avatar, Box, Typography } from '@mui/material';
import { AppBar, LocalesMenuButton, TitlePortal } from 'react-admin';
import { useIdentity } from '../providers/identity';

/** Spec §2 Shell: band name, user name and band picture; and the language menu. */
export function Header() {
  const identity = useIdentity();
  const band = identity?.band;
  return (
    <AppBar userMenu={false} toolbar={<LocalesMenuButton />}>
      <TitlePortal />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, minWidth: 0 }}>
        {band && (
          <>
            <Avatar src={band.picture ?? undefined} alt="" sx={{ width: 32, height: 32 }}>
              {band.naziv.charAt(0)}
            </Avatar>
            <Typography component="span" noWrap sx={{ fontWeight: 600 }} data-testid="header-band">
              {band.naziv}
            </Typography>
          </>
        )}
        <Typography component="span" noWrap data-testid="header-user">
          {identity?.fullName}
        </Typography>
      </Box>
    </AppBar>
  );
}
