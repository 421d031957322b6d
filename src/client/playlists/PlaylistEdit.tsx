import { Alert, Box, Card, CardContent, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { Form, Loading, SaveButton, Title } from 'react-admin';
import { toast } from 'react-toastify';
import { formatSongsField } from '../../shared/playlist-songs';
import { NamePictureFields } from '../components/NamePictureFields';
import { useUpdateItem } from '../components/useItemSave';
import { useRecord } from '../components/useRecord';
import { PasteSetlist } from './PasteSetlist';
import { PlaylistEditor } from './PlaylistEditor';
import type { Playlist, PlaylistSong } from './types';

/** Spec §2 Edit playlist: the fields, and the drag-and-drop song order beneath them. */
export function PlaylistEdit() {
  const { record: playlist, loading, error } = useRecord<Playlist>('playlists');
  const [songs, setSongs] = useState<PlaylistSong[]>([]);
  const [saved, setSaved] = useState<Playlist>();
  const current = saved ?? playlist;

  useEffect(() => {
    if (!playlist) return;
    if (playlist.error) toast.error('Playlist loaded with errors');
    setSongs(playlist.songs);
  }, [playlist]);

  const submit = useUpdateItem<Playlist>(
    'playlists',
    current,
    { pending: 'Updating playlist, please wait...', success: 'Playlist has been updated' },
    (answer) => {
      setSaved(answer);
      setSongs(answer.songs);
    },
  );

  if (loading) return <Loading />;
  if (error || !current) return <Alert severity="error">Playlist not found.</Alert>;

  return (
    <Box sx={{ p: 2 }}>
      <Title title={`Edit playlist ${current.naziv}`} />
      <Typography variant="h4" component="h1" gutterBottom>
        Edit playlist {current.naziv}
      </Typography>
      {!current.owned && (
        <Alert severity="info" sx={{ mb: 2 }}>
          This playlist belongs to another band: you can look at it, not change it.
        </Alert>
      )}
      <Form
        disableInvalidFormNotification
        // Re-initialised from each server answer, so the toggle shows the visibility it returned.
        key={`${current.id}-${current.slika}-${String(current.visibility)}-${saved ? 'saved' : 'loaded'}`}
        onSubmit={(values: Record<string, unknown>) =>
          submit({ ...values, songs: formatSongsField(songs.map((s) => s.id)) })
        }
        defaultValues={{ title: current.naziv, visible: current.visibility }}
      >
        <Card sx={{ mb: 2 }}>
          <CardContent>
            <NamePictureFields picture={current.slika} toggle />
            <SaveButton label="Update Playlist" alwaysEnable={current.owned} disabled={!current.owned} />
          </CardContent>
        </Card>
      </Form>
      {current.owned && <PasteSetlist playlistId={current.id} songs={songs} onChange={setSongs} />}
      <PlaylistEditor songs={songs} onChange={setSongs} />
    </Box>
  );
}
