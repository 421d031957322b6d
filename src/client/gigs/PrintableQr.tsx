import { GlobalStyles, Portal, Typography } from '@mui/material';
import { QRCodeSVG } from 'qrcode.react';
import { useTranslate } from 'react-admin';

/**
 * Spec §2 Print QRC: a block that only the printer sees, holding the QR code and the location. It
 * lives straight in <body> so that print can take everything else out of the page (display: none):
 * hidden with visibility only, the screen behind it still filled a second sheet (issue 26, point 3).
 */
export function PrintableQr({ url, naziv, lokacija }: { url: string; naziv: string; lokacija: string }) {
  const translate = useTranslate();
  return (
    <Portal>
      <GlobalStyles
        styles={{
          '#gig-print-block': { display: 'none' },
          '@media print': {
            'body > :not(#gig-print-block)': { display: 'none !important' },
            '#gig-print-block': {
              display: 'flex',
              flexDirection: 'column',
              alignItems: 'center',
              gap: '24px',
              paddingTop: '48px',
              breakInside: 'avoid',
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
    </Portal>
  );
}
