import { Box, Link, Typography } from '@mui/material';

const IMAGE = /\.(png|jpe?g|gif|webp|avif)$/i;
const AUDIO = /\.(mp3|ogg|oga|opus|wav|m4a|aac|flac|weba)$/i;

/** Spec §2 Edit song: the side frame previewing the song's resource file, or else its link. */
export function ResourcePreview({ file, link }: { file: string | null; link: string | null }) {
  let body;
  if (file && IMAGE.test(file)) body = <img src={file} alt="Resource" style={{ maxWidth: '100%' }} />;
  else if (file && AUDIO.test(file))
    body = <audio src={file} controls aria-label="Resource audio" style={{ width: '100%' }} />;
  else if (file)
    body = (
      <iframe
        src={file}
        title="Resource preview"
        style={{ width: '100%', height: '100%', minHeight: 480, border: 0 }}
      />
    );
  else if (link)
    body = (
      <Link href={link} target="_blank" rel="noopener noreferrer">
        Open resource link
      </Link>
    );
  else body = <Typography color="text.secondary">No resource yet</Typography>;

  return (
    <Box
      component="section"
      aria-label="Resource"
      sx={{
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        p: 1,
        minHeight: 200,
        display: 'flex',
        flexDirection: 'column',
        gap: 1,
      }}
    >
      <Typography variant="subtitle2" component="h2">
        Resource
      </Typography>
      {body}
      {file && link && (
        <Link href={link} target="_blank" rel="noopener noreferrer">
          Open resource link
        </Link>
      )}
    </Box>
  );
}
