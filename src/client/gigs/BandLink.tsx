import QrCodeIcon from '@mui/icons-material/QrCode';
import PrintIcon from '@mui/icons-material/Print';
import { Box, Button, Card, CardContent, Link, Typography } from '@mui/material';
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
    <Card variant="outlined" sx={{ mb: 2 }} component="section" aria-labelledby="band-link-title">
      <CardContent sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
        <Box sx={{ flex: '1 1 260px', minWidth: 0 }}>
          <Typography id="band-link-title" variant="subtitle1" component="h2">
            {translate('gigs.band_link.title')}
          </Typography>
          <Link href={link.url} target="_blank" rel="noopener" sx={{ overflowWrap: 'anywhere' }}>
            {link.url}
          </Link>
          <Typography variant="body2" color="text.secondary">
            {translate('gigs.band_link.help')}
          </Typography>
        </Box>
        <Button variant="outlined" startIcon={<QrCodeIcon />} onClick={() => void openQr()}>
          {translate('gigs.edit.open_qr')}
        </Button>
        <Button variant="outlined" startIcon={<PrintIcon />} onClick={() => window.print()}>
          {translate('gigs.edit.print_qr')}
        </Button>
      </CardContent>
      <PrintableQr url={link.url} naziv={link.naziv} lokacija="" />
    </Card>
  );
}
