import LinkOffIcon from '@mui/icons-material/LinkOff';
import { Box, Button, List, ListItem, ListItemText, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Confirm, useDataProvider, useTranslate } from 'react-admin';
import type { FormerBandSlug } from '../../shared/api-types';
import { useWithToasts } from '../components/toasts';
import type { EncoreDataProvider } from '../providers/dataProvider';

/** Under the bands' key: reloaded with them whenever a band is saved (useAdminChanged). */
const FORMER_SLUGS_KEY = ['bands', 'former-slugs'];

/** Reloads the former links: a release, or a deleted band whose links are now kept without it. */
export function useFormerLinksChanged() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: FORMER_SLUGS_KEY });
}

/**
 * Issue 23: the band links (/r/<slug>) a band used before. Their printed QR codes still lead to the
 * band, so no other band may take them until a system admin releases one here, on purpose. `bandId`
 * a band's own (its Edit Band window), or null: those of deleted bands, which lead nowhere (the bands
 * list). Nothing is shown while there are none.
 */
export function FormerLinks({ bandId }: { bandId: number | null }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<EncoreDataProvider>();
  const withToasts = useWithToasts();
  const changed = useFormerLinksChanged();
  const titleId = useId();
  const [asked, setAsked] = useState<FormerBandSlug>();
  const [releasing, setReleasing] = useState<string>();
  const { data } = useQuery({
    queryKey: FORMER_SLUGS_KEY,
    queryFn: () => dataProvider.getFormerBandSlugs(),
    retry: false,
  });
  const slugs = data?.filter((row) => row.band_id === bandId) ?? [];
  if (slugs.length === 0) return null;
  const texts = bandId === null ? 'bands.former.deleted' : 'bands.former.own';
  const link = (row: FormerBandSlug) => `/r/${row.slug}`;

  async function release(row: FormerBandSlug) {
    setAsked(undefined);
    setReleasing(row.slug);
    const done = await withToasts(() => dataProvider.releaseBandSlug(row.slug), {
      pending: 'bands.former.releasing',
      success: 'bands.former.released',
    });
    setReleasing(undefined);
    if (done) await changed();
  }

  return (
    <Box component="section" aria-labelledby={titleId}>
      <Typography id={titleId} variant="subtitle1" component="h2">
        {translate(`${texts}.title`)}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {translate(`${texts}.help`)}
      </Typography>
      <List dense aria-labelledby={titleId}>
        {slugs.map((row) => (
          <ListItem
            key={row.slug}
            divider
            secondaryAction={
              <Button
                size="small"
                startIcon={<LinkOffIcon />}
                aria-label={translate('bands.former.release_one', { link: link(row) })}
                disabled={releasing === row.slug}
                onClick={() => setAsked(row)}
              >
                {translate('bands.former.release')}
              </Button>
            }
          >
            <ListItemText
              primary={link(row)}
              secondary={bandId === null ? row.naziv : undefined}
              sx={{ pr: 14, overflowWrap: 'anywhere' }}
            />
          </ListItem>
        ))}
      </List>
      <Confirm
        isOpen={asked !== undefined}
        title="bands.former.confirm_title"
        content="bands.former.confirm"
        translateOptions={{ link: asked ? link(asked) : '', name: asked?.naziv ?? '' }}
        confirm="bands.former.release"
        onConfirm={() => void (asked && release(asked))}
        onClose={() => setAsked(undefined)}
      />
    </Box>
  );
}
