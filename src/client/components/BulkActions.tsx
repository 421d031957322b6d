import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  TextField,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { type TranslateFunction, useRefresh, useTranslate } from 'react-admin';
import { useWithToasts } from './toasts';
import { useUndo, useUndoDelete } from './useUndoDelete';
import { httpClient } from '../providers/httpClient';
import { type Coded, sayInReadersLanguage } from '../providers/readersLanguage';

type Kind = 'songs' | 'performers' | 'playlists';

interface Outcome {
  done: number;
  failed: number;
  results: ({ id: number; ok: boolean; message: string; changed?: boolean } & Partial<Coded>)[];
}

/** The selection of a list's rows for bulk actions (only rows the caller may change are offered). */
export function useSelection() {
  const [ids, setIds] = useState<number[]>([]);
  return {
    ids,
    has: (id: number) => ids.includes(id),
    set: (id: number, on: boolean) =>
      setIds((current) => (on ? [...current, id] : current.filter((x) => x !== id))),
    clear: () => setIds([]),
  };
}

/**
 * A failure of some items: the first reasons, so the band knows what was left alone and why, each
 * in the reader's language by its code (issue 26).
 */
function failureArgs(outcome: Outcome, translate: TranslateFunction) {
  const reasons = outcome.results
    .filter((result) => !result.ok)
    .map(({ code, params, message }) =>
      code ? sayInReadersLanguage({ code, params }, message, translate) : message,
    );
  return { done: outcome.done, failed: outcome.failed, reasons: [...new Set(reasons)].slice(0, 2).join(' ') };
}

/** Issue 14: make public, make private or delete the selected rows; songs also go to a playlist. */
export function BulkActions({ kind, selection }: { kind: Kind; selection: ReturnType<typeof useSelection> }) {
  const translate = useTranslate();
  const withToasts = useWithToasts();
  const refresh = useRefresh();
  const undoDelete = useUndoDelete(kind);
  const undo = useUndo();
  const [confirming, setConfirming] = useState(false);
  const [picking, setPicking] = useState(false);
  const [playlist, setPlaylist] = useState('');
  const [busy, setBusy] = useState(false);
  const count = selection.ids.length;
  const playlists = useQuery({
    queryKey: ['playlists', 'options'],
    // The band's own playlists (a song goes only into a playlist the band may change), page by page.
    queryFn: async () => {
      const own: { id: number; naziv: string }[] = [];
      for (let page = 0; ; page++) {
        const { json } = await httpClient<{ data: { id: number; naziv: string }[]; total: number }>(
          `/api/admin/playlists?os=2&pg=${page}`,
        );
        own.push(...json.data);
        if (json.data.length === 0 || own.length >= json.total) return own;
      }
    },
    enabled: picking,
  });
  if (count === 0) return null;

  const post = (action: 'public' | 'private' | 'delete', ids: number[]) =>
    httpClient<Outcome>(`/api/admin/${kind}/bulk`, { method: 'POST', body: { action, ids } });

  /** Issue 28: a delete's Undo brings the rows back; public or private sets back those it changed. */
  const undoOf = (action: 'public' | 'private' | 'delete', outcome: Outcome) => {
    const done = outcome.results.filter((result) => result.ok);
    if (action === 'delete') return undoDelete(done.map((result) => result.id));
    const changed = done.filter((result) => result.changed).map((result) => result.id);
    return changed.length ? undo(() => post(action === 'public' ? 'private' : 'public', changed)) : undefined;
  };

  const run = async (action: 'public' | 'private' | 'delete') => {
    setBusy(true);
    setConfirming(false);
    // A delete names how many of what (issue 26: two songs deleted said 'Song has been deleted'),
    // in each list's own words, with polyglot's plural forms (smart_count) as react-admin's own.
    const toasts =
      action === 'delete'
        ? {
            pending: translate(`${kind}.delete.bulk_pending`, { smart_count: count }),
            success: (outcome: Outcome) =>
              translate(`${kind}.delete.bulk_success`, { smart_count: outcome.done }),
          }
        : {
            pending: 'bulk.saving',
            success: action === 'public' ? 'bulk.made_public' : 'bulk.made_private',
          };
    await withToasts(
      async () => {
        const { json } = await post(action, selection.ids);
        if (json.failed) throw new Error(translate('bulk.outcome', failureArgs(json, translate)));
        return json;
      },
      {
        pending: toasts.pending,
        success: toasts.success,
        autoClose: 1000,
        undo: (outcome: Outcome) => undoOf(action, outcome),
      },
    );
    setBusy(false);
    selection.clear();
    refresh();
  };

  const addToPlaylist = async () => {
    setBusy(true);
    setPicking(false);
    await withToasts(
      () =>
        httpClient<{ added: number; added_ids: number[] }>(`/api/admin/playlist/${playlist}/add-songs`, {
          method: 'POST',
          body: { ids: selection.ids },
        }),
      {
        pending: 'bulk.adding',
        success: 'bulk.added',
        autoClose: 1000,
        // Issue 28: Undo takes out the songs this added (those already there stay).
        undo: ({ json }) =>
          json.added_ids.length
            ? undo(() =>
                httpClient(`/api/admin/playlist/${playlist}/remove-songs`, {
                  method: 'POST',
                  body: { ids: json.added_ids },
                }),
              )
            : undefined,
      },
    );
    setBusy(false);
    selection.clear();
  };

  return (
    <Box
      role="toolbar"
      aria-label={translate('bulk.toolbar')}
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}
    >
      <Typography sx={{ mr: 1 }}>{translate('bulk.selected', { count })}</Typography>
      <Button size="small" variant="outlined" disabled={busy} onClick={() => void run('public')}>
        {translate('bulk.make_public')}
      </Button>
      <Button size="small" variant="outlined" disabled={busy} onClick={() => void run('private')}>
        {translate('bulk.make_private')}
      </Button>
      {kind === 'songs' && (
        <Button size="small" variant="outlined" disabled={busy} onClick={() => setPicking(true)}>
          {translate('bulk.add_to_playlist')}
        </Button>
      )}
      <Button
        size="small"
        color="error"
        variant="outlined"
        disabled={busy}
        onClick={() => setConfirming(true)}
      >
        {translate('bulk.delete')}
      </Button>
      <Button size="small" disabled={busy} onClick={selection.clear}>
        {translate('bulk.clear')}
      </Button>
      <Dialog open={confirming} onClose={() => setConfirming(false)}>
        <DialogTitle>{translate('bulk.delete_title', { count })}</DialogTitle>
        <DialogContent>{translate('bulk.delete_content')}</DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)}>{translate('bulk.cancel')}</Button>
          <Button color="error" onClick={() => void run('delete')}>
            {translate('bulk.delete_confirm', { count })}
          </Button>
        </DialogActions>
      </Dialog>
      <Dialog open={picking} onClose={() => setPicking(false)} fullWidth maxWidth="xs">
        <DialogTitle>{translate('bulk.pick_title', { count })}</DialogTitle>
        <DialogContent>
          <TextField
            select
            fullWidth
            margin="dense"
            label={translate('bulk.playlist')}
            value={playlist}
            onChange={(event) => setPlaylist(event.target.value)}
            // Opened before its playlists came, the menu would fill under the pointer as they come.
            disabled={!playlists.data}
          >
            {(playlists.data ?? []).map((option) => (
              <MenuItem key={option.id} value={String(option.id)}>
                {option.naziv}
              </MenuItem>
            ))}
          </TextField>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setPicking(false)}>{translate('bulk.cancel')}</Button>
          <Button disabled={!playlist} onClick={() => void addToPlaylist()}>
            {translate('bulk.add')}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
