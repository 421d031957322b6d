import RestoreIcon from '@mui/icons-material/Restore';
import { Alert, Box, Button, Chip, List, ListItem, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Loading, useDataProvider, useRefresh, useTranslate } from 'react-admin';
import { useProgressToast } from '../components/toasts';
import { useDates } from '../i18n/useDates';
import type { EncoreDataProvider } from '../providers/dataProvider';
import type { HistoryChange, HistoryEntry, HistoryKind } from '../providers/historyApi';
import { addEnglish } from '../i18n';
import { en } from './messages';

// The history's English comes with its code, not in the panel's tree (issue 25, point 3).
addEnglish(en);

type Translate = ReturnType<typeof useTranslate>;

const BOOLEAN_FIELDS = new Set(['visibility', 'status', 'allow_messages']);
/** A chord chart or a long text is shown cut: the change is what matters, not the whole of it. */
const LONGEST = 80;

/** A value of a change as a reader reads it: yes/no, a name for an id, an empty value said so. */
function shown(translate: Translate, change: HistoryChange, value: unknown, name?: string | null) {
  if (value === null || value === undefined || value === '') return translate('history.none');
  if (BOOLEAN_FIELDS.has(change.field)) return translate(value ? 'history.yes' : 'history.no');
  if (name) return name;
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > LONGEST ? `${text.slice(0, LONGEST)}…` : text;
}

const songNames = (translate: Translate, songs: { id: number; naziv: string | null }[]) =>
  songs.map((song) => song.naziv ?? translate('history.unknown_song', { id: song.id })).join(', ');

/** One field of a change, in words: "Name: Tišina → Tišine"; a playlist's songs added, removed, moved. */
export function ChangeLine({ change }: { change: HistoryChange }) {
  const translate = useTranslate();
  const label = translate(`history.fields.${change.field}`, { _: change.field });
  if (change.field === 'password') {
    return (
      <Typography variant="body2">
        {label}: {translate('history.changed')}
      </Typography>
    );
  }
  if (change.added || change.removed || change.moved) {
    const parts = (['added', 'removed', 'moved'] as const)
      .filter((part) => change[part]?.length)
      .map((part) => translate(`history.${part}`, { songs: songNames(translate, change[part]!) }));
    return (
      <Typography variant="body2">
        {label}: {parts.join('; ') || translate('history.changed')}
      </Typography>
    );
  }
  return (
    <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
      {label}: {shown(translate, change, change.before, change.before_name)} →{' '}
      {shown(translate, change, change.after, change.after_name)}
    </Typography>
  );
}

/** Who made a change, when, and what it was (a chip). */
export function ChangeHeading({ entry }: { entry: HistoryEntry }) {
  const translate = useTranslate();
  const dates = useDates();
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
      <Chip size="small" label={translate(`history.actions.${entry.action}`, { _: entry.action })} />
      <Typography variant="subtitle2" component="span">
        {translate('history.by', { user: entry.user_name, at: dates.dateTime(entry.at) })}
      </Typography>
    </Box>
  );
}

/** Restores a version with spec §8's toasts, then reloads what shows the item. */
export function useRestoreVersion(onRestored?: () => void) {
  const dataProvider = useDataProvider<EncoreDataProvider>();
  const translate = useTranslate();
  const begin = useProgressToast();
  const refresh = useRefresh();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (historyId: number) => {
      const toast = begin('history.restore_pending');
      try {
        const answer = await dataProvider.restoreVersion(historyId);
        // The server's own sentence names what was not restored (and why), in the reader's language.
        if (answer.not_restored.length) toast.failed(answer.message, 6000);
        else toast.succeeded(translate('history.restored'));
        return answer;
      } catch (error) {
        toast.failed(error instanceof Error && error.message ? error.message : 'history.restore_failed');
        throw error;
      }
    },
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: ['history'] });
      refresh();
      onRestored?.();
    },
  });
}

/**
 * An item's History tab (issue 28): every change, newest first, with who, when and what, field by
 * field, and "Restore this version" for those who may change the item.
 */
export function HistoryPanel({
  kind,
  id,
  canRestore,
}: {
  kind: HistoryKind;
  id: number;
  canRestore: boolean;
}) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<EncoreDataProvider>();
  const { data, error, isPending } = useQuery({
    queryKey: ['history', kind, id],
    queryFn: () => dataProvider.getHistory(kind, id),
  });
  const restore = useRestoreVersion();
  if (isPending) return <Loading loadingSecondary="history.loading" />;
  if (error)
    return <Alert severity="error">{translate('history.load_failed', { message: error.message })}</Alert>;
  return (
    <Box component="section" aria-labelledby="history-heading">
      <Typography id="history-heading" variant="h6" component="h2" gutterBottom>
        {translate('history.heading')}
      </Typography>
      {data.length === 0 && <Typography>{translate('history.empty')}</Typography>}
      <List disablePadding>
        {data.map((entry) => (
          <ListItem key={entry.id} divider sx={{ display: 'block', px: 0 }} data-testid="history-entry">
            <ChangeHeading entry={entry} />
            <Box sx={{ mt: 0.5, mb: 1 }}>
              {entry.changes.map((change) => (
                <ChangeLine key={change.field} change={change} />
              ))}
            </Box>
            {/* The newest version is the item as it is: nothing to restore. */}
            {canRestore && !entry.latest && (
              <Button
                size="small"
                startIcon={<RestoreIcon />}
                disabled={restore.isPending}
                onClick={() => restore.mutate(entry.id)}
              >
                {translate('history.restore')}
              </Button>
            )}
          </ListItem>
        ))}
      </List>
    </Box>
  );
}
