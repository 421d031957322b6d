import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useId } from 'react';
import { useTranslate } from 'react-admin';
import { useDates } from '../../i18n/useDates';
import {
  type FieldChange,
  fieldChanges,
  mergedValues,
  mergeSongs,
  type Song,
  type SongChanges,
  songChanges,
  type Values,
} from './merge';
import { addEnglish } from '../../i18n';
import { en } from './messages';

// The conflict dialog's English comes with its code, not in the panel's tree (issue 25, point 3).
addEnglish(en);

/** The three versions of a refused save (merge.ts). */
export interface Conflict {
  base: Values;
  mine: Values;
  theirs: Values;
}

/** The fields each resource's form edits, compared one by one ('songs': a playlist's songs). */
const EDITED: Record<string, string[]> = {
  songs: ['naziv', 'idizvodjaca', 'visibility', 'resursi', 'tonalitet', 'tempo', 'trajanje', 'akordi'],
  performers: ['naziv', 'visibility'],
  playlists: ['naziv', 'visibility', 'songs'],
  gigs: [
    'naziv',
    'lokacija',
    'pocetak',
    'status',
    'razmakpesme',
    'razmakvreme',
    'playlista',
    'allow_messages',
  ],
  users: ['name', 'email', 'role', 'band'],
  bands: ['naziv', 'email', 'slug'],
};

interface Props {
  conflict: Conflict;
  /** The record's resource, whose edited fields are compared. */
  resource: string;
  /** Drop the user's change and show theirs. */
  onReload: () => void;
  /** Save the user's change on top of theirs (the merged values). */
  onApply: (merged: Values) => void;
  /** While a save runs. */
  busy: boolean;
}

const MAX_SONGS_NAMED = 10;
const MAX_TEXT = 80;

const songsOf = (record: Values) => (Array.isArray(record.songs) ? (record.songs as Song[]) : undefined);

/** The songs one side added, removed and moved, each kind named on a line of its own. */
function SongLines({ heading, changes }: { heading: string; changes: SongChanges }) {
  const translate = useTranslate();
  const names = (songs: Song[]) =>
    songs
      .slice(0, MAX_SONGS_NAMED)
      .map((song) => song.naziv ?? `#${song.id}`)
      .join(', ') + (songs.length > MAX_SONGS_NAMED ? ', …' : '');
  const lines = (['added', 'removed', 'moved'] as const).filter((kind) => changes[kind].length > 0);
  if (!lines.length) return null;
  return (
    <Box sx={{ mt: 2 }}>
      <Typography variant="subtitle2" component="h3">
        {heading}
      </Typography>
      <Box component="ul" sx={{ my: 0.5, pl: 3 }}>
        {lines.map((kind) => (
          <li key={kind}>{translate(`conflict.${kind}`, { songs: names(changes[kind]) })}</li>
        ))}
      </Box>
    </Box>
  );
}

/**
 * What the bandmate changed beside what the user changed, after a save was refused because they
 * saved first (issue 28, point 1): field by field (their value now, the user's), and for a playlist
 * the songs each side added, removed or moved. The user reloads theirs, or applies their own change
 * on top where it does not collide; a field both changed cannot be merged, and the dialog says so.
 */
export function ConflictDialog({ conflict, resource, onReload, onApply, busy }: Props) {
  const fields = EDITED[resource] ?? [];
  const translate = useTranslate();
  const dates = useDates();
  const titleId = useId();
  const { base, mine, theirs } = conflict;
  const changes = fieldChanges(
    fields.filter((field) => field !== 'songs'),
    base,
    mine,
    theirs,
  );
  const [baseSongs, mySongs, theirSongs] = [songsOf(base), songsOf(mine), songsOf(theirs)];
  const songs =
    fields.includes('songs') && baseSongs && mySongs && theirSongs
      ? {
          theirs: songChanges(baseSongs, theirSongs),
          mine: songChanges(baseSongs, mySongs),
          merged: mergeSongs(baseSongs, mySongs, theirSongs),
        }
      : undefined;
  const songsOfMine = songs ? Object.values(songs.mine).some((list) => list.length > 0) : false;
  const collides = changes.some((change) => change.changer === 'both');
  const anythingMine = songsOfMine || changes.some((change) => change.changer !== 'theirs');

  const names = new Map<unknown, unknown>([
    [base.idizvodjaca, base.nazivizvodjaca],
    [theirs.idizvodjaca, theirs.nazivizvodjaca],
  ]);
  const shown = (field: string, value: unknown): string => {
    if (value === null || value === undefined || value === '') return translate('conflict.empty');
    if (typeof value === 'boolean') return translate(value ? 'conflict.yes' : 'conflict.no');
    if (field === 'idizvodjaca' && names.get(value)) return String(names.get(value));
    if (field === 'pocetak' && typeof value === 'string') return dates.wallClock(value);
    const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
    return text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT - 1)}…` : text;
  };
  const outcome = (change: FieldChange) =>
    translate(
      change.changer === 'both'
        ? 'conflict.both'
        : change.changer === 'mine'
          ? 'conflict.only_mine'
          : 'conflict.only_theirs',
    );

  const at = typeof theirs.updated_at === 'string' ? dates.dateTime(theirs.updated_at) : '';
  const who =
    typeof theirs.updated_by === 'string'
      ? translate('conflict.who', { name: theirs.updated_by, at })
      : translate('conflict.who_unknown', { at });

  return (
    <Dialog open onClose={busy ? undefined : onReload} aria-labelledby={titleId} maxWidth="md" fullWidth>
      <DialogTitle id={titleId}>{translate('conflict.title')}</DialogTitle>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 2 }}>
          {who}
        </Alert>
        {changes.length > 0 && (
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small">
              <TableHead>
                <TableRow>
                  <TableCell component="th">{translate('conflict.field')}</TableCell>
                  <TableCell component="th">{translate('conflict.now')}</TableCell>
                  <TableCell component="th">{translate('conflict.yours')}</TableCell>
                  <TableCell component="th">{translate('conflict.what')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {changes.map((change) => (
                  <TableRow key={change.field} data-changer={change.changer}>
                    <TableCell component="th" scope="row">
                      {translate(`conflict.fields.${change.field}`, { _: change.field })}
                    </TableCell>
                    <TableCell sx={{ overflowWrap: 'anywhere' }}>
                      {shown(change.field, change.theirs)}
                    </TableCell>
                    <TableCell sx={{ overflowWrap: 'anywhere' }}>
                      {shown(change.field, change.mine)}
                    </TableCell>
                    <TableCell>{outcome(change)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        )}
        {songs && (
          <>
            <SongLines heading={translate('conflict.their_songs')} changes={songs.theirs} />
            <SongLines heading={translate('conflict.your_songs')} changes={songs.mine} />
          </>
        )}
        <Typography sx={{ mt: 2 }}>
          {translate(
            collides
              ? 'conflict.cannot_merge'
              : anythingMine
                ? 'conflict.can_merge'
                : 'conflict.nothing_mine',
          )}
        </Typography>
        {songsOfMine && <Typography sx={{ mt: 1 }}>{translate('conflict.songs_merge')}</Typography>}
      </DialogContent>
      <DialogActions>
        <Button onClick={onReload} disabled={busy}>
          {translate('conflict.reload')}
        </Button>
        <Button
          variant="contained"
          disabled={busy || !anythingMine}
          onClick={() => onApply(mergedValues(changes, mine, theirs, songs?.merged))}
        >
          {translate('conflict.apply')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
