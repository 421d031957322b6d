import { Alert, Box, Button, CircularProgress, List, Typography } from '@mui/material';
import { type ReactNode, type UIEvent, useEffect, useRef } from 'react';
import { type RaRecord, useInfiniteGetList, useLocaleState, usePermissions, useTranslate } from 'react-admin';
import { PAGE_SIZE } from '../../shared/constants';

interface Props<T extends RaRecord> {
  resource: string;
  filter: Record<string, unknown>;
  renderRow: (record: T, refresh: () => void) => ReactNode;
}

/**
 * A list area of window height minus 300 px (spec §9) that loads the next page when scrolled to its
 * end, and also while the loaded rows do not yet fill it.
 */
export function ScrollList<T extends RaRecord>({ resource, filter, renderRow }: Props<T>) {
  const translate = useTranslate();
  const area = useRef<HTMLDivElement>(null);
  const { data, total, meta, fetchNextPage, hasNextPage, isFetchingNextPage, isPending, refetch, error } =
    useInfiniteGetList<T>(resource, { pagination: { page: 1, perPage: PAGE_SIZE }, filter });
  const [locale] = useLocaleState();
  // Past SEARCH_TOTAL_CAP matches the server says "more than" rather than count them all.
  const moreThan =
    meta?.moreThanTotal === true ? new Intl.NumberFormat(locale).format(total ?? 0) : undefined;
  const rows = data?.pages.flatMap((page) => page.data) ?? [];
  // Rows wait for the user's permissions, so that edit and delete do not pop in after them.
  const { isPending: permissionsPending } = usePermissions();

  const loadMoreIfAtEnd = (element: HTMLDivElement) => {
    const atEnd = element.scrollTop + element.clientHeight >= element.scrollHeight - 80;
    if (atEnd && hasNextPage && !isFetchingNextPage) void fetchNextPage();
  };

  useEffect(() => {
    if (area.current) loadMoreIfAtEnd(area.current);
  });

  return (
    <Box
      ref={area}
      onScroll={(e: UIEvent<HTMLDivElement>) => loadMoreIfAtEnd(e.currentTarget)}
      data-testid="scroll-list"
      tabIndex={0}
      aria-label={
        moreThan
          ? translate('list.items_more', { count: moreThan })
          : translate('list.items', { smart_count: total ?? 0 })
      }
      sx={{
        // Spec §9: the window's height less 300 px; the layout keeps the page itself within the window.
        height: 'calc(100vh - 300px)',
        minHeight: 240,
        overflowY: 'auto',
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
      }}
    >
      {isPending || permissionsPending ? (
        <Box sx={{ p: 2 }}>
          <CircularProgress size={24} aria-label={translate('list.loading')} />
        </Box>
      ) : error ? (
        <Alert
          severity="error"
          sx={{ m: 1 }}
          action={
            <Button color="inherit" onClick={() => void refetch()}>
              {translate('list.retry')}
            </Button>
          }
        >
          {translate('list.failed')} {error instanceof Error ? error.message : ''}
        </Alert>
      ) : rows.length === 0 ? (
        <Typography sx={{ p: 2 }} color="text.secondary">
          {translate('list.empty')}
        </Typography>
      ) : (
        <>
          {moreThan && (
            <Typography variant="body2" color="text.secondary" sx={{ px: 2, pt: 1 }}>
              {translate('list.more_than', { count: moreThan })}
            </Typography>
          )}
          <List disablePadding>{rows.map((record) => renderRow(record, () => void refetch()))}</List>
        </>
      )}
      {isFetchingNextPage && (
        <Box sx={{ p: 1, textAlign: 'center' }}>
          <CircularProgress size={20} aria-label={translate('list.loading_more')} />
        </Box>
      )}
    </Box>
  );
}
