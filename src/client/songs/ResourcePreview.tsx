import { Box, Link, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';

const IMAGE = /\.(png|jpe?g|gif|webp|avif)$/i;
const AUDIO = /\.(mp3|ogg|oga|opus|wav|m4a|aac|flac|weba)$/i;

/** Spec §2 Edit song: the side frame previewing the song's resource file, or else its link. */
export function ResourcePreview({ file, link }: { file: string | null; link: string | null }) {
  const translate = useTranslate();
  const openLink = (
    <Link href={link ?? undefined} target="_blank" rel="noopener noreferrer">
      {translate('songs.resource.open_link')}
    </Link>
  );
  let body;
  if (file && IMAGE.test(file))
    body = <img src={file} alt={translate('songs.resource.heading')} style={{ maxWidth: '100%' }} />;
  else if (file && AUDIO.test(file))
    body = (
      <audio src={file} controls aria-label={translate('songs.resource.audio')} style={{ width: '100%' }} />
    );
  else if (file)
    body = (
      <iframe
        src={file}
        title={translate('songs.resource.preview')}
        style={{ width: '100%', height: '100%', minHeight: 480, border: 0 }}
      />
    );
  else if (link) body = openLink;
  else body = <Typography color="text.secondary">{translate('songs.resource.none')}</Typography>;

  return (
    <Box
      component="section"
      aria-label={translate('songs.resource.heading')}
      sx={{
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        p: 1,
        minHeight: 200,
        minWidth: 0,
        display: 'flex',
        flexDirection: 'column',
        gap: 1,
      }}
    >
      <Typography variant="subtitle2" component="h2">
        {translate('songs.resource.heading')}
      </Typography>
      {body}
      {file && link && openLink}
    </Box>
  );
}
