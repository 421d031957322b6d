import { Avatar, Box, Chip, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useIdentity } from '../providers/identity';
import { useAlsoHere } from './presence';

/**
 * The bandmates who have this item's edit screen open too (issue 28, point 2): "Also here: Ana",
 * each a chip with their initial. They come and go as they open and leave it; a screen reader hears
 * them come (a polite live region).
 */
export function AlsoHere({ place }: { place: string }) {
  const translate = useTranslate();
  const me = useIdentity()?.id;
  const others = useAlsoHere(place, me);
  return (
    <Box
      role="status"
      aria-live="polite"
      aria-label={
        others.length
          ? translate('together.also_here_label', { names: others.map((page) => page.name).join(', ') })
          : undefined
      }
      data-testid="also-here"
      sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: others.length ? 2 : 0 }}
    >
      {others.length > 0 && (
        <Typography variant="body2" color="text.secondary">
          {translate('together.also_here')}
        </Typography>
      )}
      {others.map((page) => (
        <Chip
          key={page.id}
          size="small"
          label={page.name}
          avatar={<Avatar aria-hidden>{page.name.trim().charAt(0).toUpperCase() || '?'}</Avatar>}
        />
      ))}
    </Box>
  );
}
