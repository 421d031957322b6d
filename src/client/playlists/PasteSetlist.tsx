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
import { useWithToasts } from '../components/toasts';
import { httpClient } from '../providers/httpClient';
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
 * playlist, in order. Misses with a performer can be created as songs in one go.
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
  const withToasts = useWithToasts();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [lines, setLines] = useState<Line[] | null>(null);
  const [busy, setBusy] = useState(false);
  const matches = (lines ?? []).filter((line) => line.match);
  const misses = (lines ?? []).filter((line) => !line.match);
  const creatable = misses.filter((line) => line.performer);

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
        pending: 'Adding songs, please wait...',
        success: `Added ${creatable.length} songs`,
      },
    );
    setBusy(false);
    if (done) await match();
  };

  const add = () => {
    const present = new Set(songs.map((song) => song.id));
    const added = matches
      .map((line) => line.match!)
      .filter((song) => !present.has(song.id) && present.add(song.id));
    onChange([
      ...songs,
      ...added.map(({ id, naziv, slika, nazivizvodjaca }) => ({ id, naziv, slika, nazivizvodjaca })),
    ]);
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
        Paste setlist
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="sm">
        <DialogTitle>Paste setlist</DialogTitle>
        <DialogContent>
          <TextField
            label="Setlist"
            helperText='One song a line: "Title - Performer" or just "Title".'
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
                {matches.length} found
              </Typography>
              <List dense aria-label="Songs found">
                {matches.map((line) => (
                  <ListItem key={line.line} disableGutters>
                    <ListItemText
                      primary={`${line.match!.naziv}${line.match!.nazivizvodjaca ? ` - ${line.match!.nazivizvodjaca}` : ''}`}
                      secondary={line.match!.exact ? undefined : `best guess for "${line.title}"`}
                    />
                  </ListItem>
                ))}
              </List>
              {misses.length > 0 && (
                <>
                  <Typography variant="subtitle1" component="h3">
                    {misses.length} not found
                  </Typography>
                  <List dense aria-label="Songs not found">
                    {misses.map((line) => (
                      <ListItem key={line.line} disableGutters>
                        <ListItemText
                          primary={line.performer ? `${line.title} - ${line.performer}` : line.title}
                        />
                      </ListItem>
                    ))}
                  </List>
                  {creatable.length < misses.length && (
                    <Alert severity="info">
                      A song needs its performer ("Title - Performer") to be created here.
                    </Alert>
                  )}
                </>
              )}
            </>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>Cancel</Button>
          {creatable.length > 0 && (
            <Button disabled={busy} onClick={() => void createMisses()}>
              Create {creatable.length} missing songs
            </Button>
          )}
          {lines ? (
            <Button variant="contained" disabled={busy || matches.length === 0} onClick={add}>
              Add {matches.length} songs
            </Button>
          ) : (
            <Button variant="contained" disabled={busy || !text.trim()} onClick={() => void match()}>
              Find songs
            </Button>
          )}
        </DialogActions>
      </Dialog>
    </>
  );
}
