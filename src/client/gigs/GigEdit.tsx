import { Box, Button, TextField } from '@mui/material';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import { EditScreen } from '../components/EditScreen';
import type { EncoreDataProvider } from '../providers/dataProvider';
import { GigFields, PlaylistPreview } from './GigFields';
import { GigRequestSummary } from './GigRequestSummary';
import { PrintableQr } from './PrintableQr';
import type { Gig } from './types';

/** The gig's links and the buttons to open it and open or print its QR code. */
function GigLinks({ gig }: { gig: Gig }) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<EncoreDataProvider>();
  async function openQr() {
    try {
      // The QR endpoint needs the bearer token, which a plain new tab would not send.
      const png = await dataProvider.getGigQrCode(gig.id);
      window.open(URL.createObjectURL(png), '_blank');
    } catch {
      notify('gigs.edit.qr_failed', { type: 'error' });
    }
  }
  return (
    <>
      {[
        ['gigs.edit.band_url', gig.band_url],
        ['gigs.edit.public_url', gig.public_url],
      ].map(([label, url]) => (
        <TextField
          key={label}
          label={translate(label)}
          value={url}
          slotProps={{ input: { readOnly: true } }}
          fullWidth
          sx={{ my: 1 }}
        />
      ))}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1 }}>
        <Button variant="outlined" onClick={() => window.open(gig.band_url, '_blank', 'noopener')}>
          {translate('gigs.edit.open_gig')}
        </Button>
        <Button variant="outlined" onClick={() => window.open(gig.screen_url, '_blank', 'noopener')}>
          {translate('gigs.edit.open_screen')}
        </Button>
        <Button variant="outlined" onClick={() => void openQr()}>
          {translate('gigs.edit.open_qr')}
        </Button>
        <Button variant="outlined" onClick={() => window.print()}>
          {translate('gigs.edit.print_qr')}
        </Button>
      </Box>
    </>
  );
}

/** Spec §2 Edit gig: the fields, the gig's links, and the buttons to open and print its QR code. */
export function GigEdit() {
  return (
    <EditScreen<Gig>
      resource="gigs"
      maxWidth={720}
      below={(gig) => (
        <>
          <GigRequestSummary gigId={gig.id} />
          <PrintableQr url={gig.public_url} naziv={gig.naziv} lokacija={gig.lokacija} />
        </>
      )}
    >
      {(gig) => (
        <>
          <GigFields picture={gig.slika} />
          <GigLinks gig={gig} />
          <PlaylistPreview />
        </>
      )}
    </EditScreen>
  );
}
