import { Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useIdentity } from '../providers/identity';

/** Spec §2 Shell footer. */
export function Footer() {
  const identity = useIdentity();
  const translate = useTranslate();
  return (
    <Box
      component="footer"
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        gap: 3,
        justifyContent: 'center',
        py: 1.5,
        borderTop: 1,
        borderColor: 'divider',
        color: 'text.secondary',
      }}
    >
      <Typography variant="body2">{translate('shell.footer_product')}</Typography>
      <Typography variant="body2">
        {translate('shell.footer_band', { band: identity?.band?.naziv ?? translate('shell.unknown_band') })}
      </Typography>
      <Typography variant="body2">
        {translate('shell.footer_user', { name: identity?.fullName ?? translate('shell.unknown_user') })}
      </Typography>
      <Typography variant="body2">{new Date().getFullYear()}</Typography>
    </Box>
  );
}
