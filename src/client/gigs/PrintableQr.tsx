import { GlobalStyles, Typography } from '@mui/material';
import { QRCodeSVG } from 'qrcode.react';
import { useTranslate } from 'react-admin';

/** Spec §2 Print QRC: a block that only the printer sees, holding the QR code and the location;
 *  everything else on the page is hidden from print. */
export function PrintableQr({ url, naziv, lokacija }: { url: string; naziv: string; lokacija: string }) {
  const translate = useTranslate();
  return (
    <>
      <GlobalStyles
        styles={{
          '#gig-print-block': { display: 'none' },
          '@media print': {
            'body *': { visibility: 'hidden' },
            '#gig-print-block, #gig-print-block *': { visibility: 'visible' },
            '#gig-print-block': {
              display: 'flex',
              position: 'fixed',
              inset: 0,
              flexDirection: 'column',
              alignItems: 'center',
              justifyContent: 'center',
              gap: '24px',
              background: '#fff',
            },
          },
        }}
      />
      <div id="gig-print-block" data-testid="gig-print-block">
        <Typography variant="h4" component="p">
          {naziv}
        </Typography>
        <QRCodeSVG value={url} size={360} marginSize={2} title={translate('gigs.qr.title', { url })} />
        <Typography variant="h5" component="p">
          {lokacija}
        </Typography>
        <Typography component="p">{translate('gigs.edit.scan')}</Typography>
      </div>
    </>
  );
}
