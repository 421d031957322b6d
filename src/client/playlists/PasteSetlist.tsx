import ContentPasteIcon from '@mui/icons-material/ContentPaste';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  List,
  ListItem,
  ListItemText,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { useWithToasts } from '../components/toasts';
import { httpClient } from '../providers/httpClient';
import { addAllToTop } from './editorRules';
import type { PlaylistSong } from './types';

interface Line {
  line: number;
  title: string;
  performer: string | null;
  match: (PlaylistSong & { exact: boolean }) | null;
}

/** The lines without a song as a CSV for the import (title and performer; quotes doubled). */
const missesCsv = (misses: Line[]) =>
  [
    'title,performer',
    ...misses.map((miss) =>
      [miss.title, miss.performer!].map((cell) => `"${cell.replace(/"/g, '""')}"`).join(','),
    ),
  ].join('\n');

/**
 * Issue 14: a setlist pasted as text ("Title - Performer" or "Title" a line) becomes songs of the
 * playlist, in order, at the top as any added song (spec §2); a song already there or repeated in
 * the paste is added once, and the Add button counts only what it adds (issue 26). Misses with a
 * performer can be created as songs in one go.
 */
export function PasteSetlist({
  playlistId,
  songs,
  onChange,
}: {
  playlistId: number;
  songs: PlaylistSong[];
  onChange: (songs: PlaylistSong[]) => void;
}) {
  const translate = useTranslate();
  const withToasts = useWithToasts();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [lines, setLines] = useState<Line[] | null>(null);
  const [busy, setBusy] = useState(false);
  const matches = (lines ?? []).filter((line) => line.match);
  const misses = (lines ?? []).filter((line) => !line.match);
  const creatable = misses.filter((line) => line.performer);
  // What Add will do: the found songs not yet in the playlist, once each, on top (spec §2).
  const plan = addAllToTop(
    songs,
    matches.map(({ match }) => {
      const { id, naziv, slika, nazivizvodjaca } = match!;
      return { id, naziv, slika, nazivizvodjaca };
    }),
  );

  const match = async () => {
    setBusy(true);
    try {
      const { json } = await httpClient<{ lines: Line[] }>(
        `/api/admin/playlist/${playlistId}/match-setlist`,
        {
          method: 'POST',
          body: { text },
        },
      );
      setLines(json.lines);
    } finally {
      setBusy(false);
    }
  };

  const createMisses = async () => {
    const form = new FormData();
    form.append('file', new Blob([missesCsv(creatable)], { type: 'text/csv' }), 'setlist.csv');
    setBusy(true);
    const done = await withToasts(
      () => httpClient('/api/admin/songs/import', { method: 'POST', body: form }),
      {
        pending: 'playlists.paste.pending',
        success: () => translate('playlists.paste.success', { smart_count: creatable.length }),
      },
    );
    setBusy(false);
    if (done) await match();
  };

  /** "Title - Performer", or the title alone. */
  const songText = (title: string, performer: string | null) =>
    performer ? translate('playlists.paste.song', { title, performer }) : title;

  const add = () => {
    onChange(plan.songs);
    setOpen(false);
    setLines(null);
    setText('');
  };

  return (
    <>
      <Button
        variant="outlined"
        startIcon={<ContentPasteIcon />}
        onClick={() => setOpen(true)}
        sx={{ mb: 2 }}
      >
        {translate('playlists.paste.open')}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="sm">
        <DialogTitle>{translate('playlists.paste.title')}</DialogTitle>
        <DialogContent>
          <TextField
            label={translate('playlists.paste.setlist')}
            helperText={translate('playlists.paste.help')}
            multiline
            minRows={6}
            fullWidth
            margin="dense"
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              setLines(null);
            }}
          />
          {lines && (
            <>
              <Typography variant="subtitle1" component="h3" sx={{ mt: 2 }}>
                {translate('playlists.paste.found', { count: matches.length })}
              </Typography>
              <List dense aria-label={translate('playlists.paste.found_list')}>
                {matches.map((line, index) => {
                  const notes = [
                    line.match!.exact ? null : translate('playlists.paste.best_guess', { title: line.title }),
                    plan.skipped[index] ? translate(`playlists.paste.${plan.skipped[index]}`) : null,
                  ].filter(Boolean);
                  return (
                    <ListItem key={line.line} disableGutters>
                      <ListItemText
                        primary={songText(line.match!.naziv, line.match!.nazivizvodjaca)}
                        secondary={notes.length ? notes.join('; ') : undefined}
                      />
                    </ListItem>
                  );
                })}
              </List>
              {misses.length > 0 && (
                <>
                  <Typography variant="subtitle1" component="h3">
                    {translate('playlists.paste.not_found', { count: misses.length })}
                  </Typography>
                  <List dense aria-label={translate('playlists.paste.not_found_list')}>
                    {misses.map((line) => (
                      <ListItem key={line.line} disableGutters>
                        <ListItemText primary={songText(line.title, line.performer)} />
                      </ListItem>
                    ))}
                  </List>
                  {creatable.length < misses.length && (
                    <Alert severity="info">{translate('playlists.paste.needs_performer')}</Alert>
                  )}
                </>
              )}
            </>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{translate('playlists.paste.cancel')}</Button>
          {creatable.length > 0 && (
            <Button disabled={busy} onClick={() => void createMisses()}>
              {translate('playlists.paste.create', { smart_count: creatable.length })}
            </Button>
          )}
          {lines ? (
            <Button variant="contained" disabled={busy || plan.added === 0} onClick={add}>
              {translate('playlists.paste.add', { smart_count: plan.added })}
            </Button>
          ) : (
            <Button variant="contained" disabled={busy || !text.trim()} onClick={() => void match()}>
              {translate('playlists.paste.find')}
            </Button>
          )}
        </DialogActions>
      </Dialog>
    </>
  );
}
