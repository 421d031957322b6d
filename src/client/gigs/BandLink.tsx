import QrCodeIcon from '@mui/icons-material/QrCode';
import PrintIcon from '@mui/icons-material/Print';
import { Box, IconButton, Link, Tooltip, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { EncoreDataProvider } from '../providers/dataProvider';
import { useIdentity } from '../providers/identity';
import { PrintableQr } from './PrintableQr';

/**
 * Issue 13: the band's one QR code for every gig (PUBLIC_URL/r/<slug> opens the gig that takes
 * requests now), with Open QRC and Print QRC, on the Gigs list of a user with a band.
 */
export function BandLink() {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<EncoreDataProvider>();
  const band = useIdentity()?.band;
  const { data: link } = useQuery({
    queryKey: ['band-link', band?.id],
    queryFn: () => dataProvider.getBandLink(band!.id),
    enabled: Boolean(band),
  });
  if (!band || !link) return null;

  async function openQr() {
    try {
      // The QR endpoint needs the bearer token, which a plain new tab would not send.
      const png = await dataProvider.getBandQrCode(band!.id);
      window.open(URL.createObjectURL(png), '_blank');
    } catch {
      notify('gigs.edit.qr_failed', { type: 'error' });
    }
  }

  return (
    // One row beside the search, so that the list keeps its height (spec §9).
    <Box
      component="section"
      aria-label={translate('gigs.band_link.title')}
      title={translate('gigs.band_link.help')}
      sx={{ display: 'flex', alignItems: 'center', gap: 0.5, minWidth: 0, maxWidth: '100%' }}
    >
      <Typography component="span" variant="body2" sx={{ whiteSpace: 'nowrap' }}>
        {translate('gigs.band_link.title')}:
      </Typography>
      <Link href={link.url} target="_blank" rel="noopener" noWrap sx={{ maxWidth: 260, display: 'block' }}>
        {link.url}
      </Link>
      <Tooltip title={translate('gigs.edit.open_qr')}>
        <IconButton aria-label={translate('gigs.edit.open_qr')} onClick={() => void openQr()}>
          <QrCodeIcon />
        </IconButton>
      </Tooltip>
      <Tooltip title={translate('gigs.edit.print_qr')}>
        <IconButton aria-label={translate('gigs.edit.print_qr')} onClick={() => window.print()}>
          <PrintIcon />
        </IconButton>
      </Tooltip>
      <PrintableQr url={link.url} naziv={link.naziv} lokacija="" />
    </Box>
  );
}
