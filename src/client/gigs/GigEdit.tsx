import { Alert, Box, Button, Card, CardContent, TextField, Typography } from '@mui/material';
import { Form, Loading, SaveButton, Title, useDataProvider } from 'react-admin';
import { toast } from 'react-toastify';
import { useUpdateItem } from '../components/useItemSave';
import { useRecord } from '../components/useRecord';
import type { EncoreDataProvider } from '../providers/dataProvider';
import { GigFields, PlaylistPreview } from './GigFields';
import { GigRequestSummary } from './GigRequestSummary';
import { PrintableQr } from './PrintableQr';
import type { Gig } from './types';

/** Spec §2 Edit gig: the fields, the gig's links, and the buttons to open and print its QR code. */
export function GigEdit() {
  const dataProvider = useDataProvider<EncoreDataProvider>();
  const { record: gig, loading, error, refetch } = useRecord<Gig>('gigs');
  const submit = useUpdateItem(
    'gigs',
    gig,
    { pending: 'Updating gig, please wait...', success: 'Gig has been updated' },
    () => void refetch(),
  );

  async function openQr() {
    if (!gig) return;
    try {
      // The QR endpoint needs the bearer token, which a plain new tab would not send.
      const png = await dataProvider.getGigQrCode(gig.id);
      window.open(URL.createObjectURL(png), '_blank');
    } catch {
      toast.error('Could not load the QR code.');
    }
  }

  if (loading) return <Loading />;
  if (error || !gig) return <Alert severity="error">Gig not found.</Alert>;

  return (
    <Box sx={{ p: 2, maxWidth: 720 }}>
      <Title title="Edit Gig" />
      <Typography variant="h4" component="h1" gutterBottom>
        Edit Gig
      </Typography>
      <Card>
        <CardContent>
          <Form
            disableInvalidFormNotification
            key={`${gig.id}-${gig.slika}`}
            onSubmit={submit}
            defaultValues={{
              title: gig.naziv,
              lokacija: gig.lokacija,
              status: gig.status,
              razmakpesme: gig.razmakpesme,
              razmakvreme: gig.razmakvreme,
              starttime: gig.pocetak,
              playlista: gig.playlista ?? '',
            }}
          >
            <GigFields picture={gig.slika} />
            <TextField
              label="Band URL"
              value={gig.band_url}
              slotProps={{ input: { readOnly: true } }}
              fullWidth
              sx={{ my: 1 }}
            />
            <TextField
              label="Public URL"
              value={gig.public_url}
              slotProps={{ input: { readOnly: true } }}
              fullWidth
              sx={{ my: 1 }}
            />
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 2 }}>
              <SaveButton label="Update Gig" alwaysEnable={gig.owned} disabled={!gig.owned} />
              <Button variant="outlined" onClick={() => window.open(gig.band_url, '_blank', 'noopener')}>
                Open Gig
              </Button>
              <Button variant="outlined" onClick={() => void openQr()}>
                Open QRC
              </Button>
              <Button variant="outlined" onClick={() => window.print()}>
                Print QRC
              </Button>
            </Box>
            <PlaylistPreview />
          </Form>
        </CardContent>
      </Card>
      <GigRequestSummary gigId={gig.id} />
      <PrintableQr url={gig.public_url} naziv={gig.naziv} lokacija={gig.lokacija} />
    </Box>
  );
}
