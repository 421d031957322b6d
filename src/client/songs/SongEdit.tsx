import { Alert, Box, Card, CardContent, Typography } from '@mui/material';
import { Form, Loading, SaveButton, TextInput, Title } from 'react-admin';
import { CheckboxInput } from '../components/CheckboxInput';
import { FileInput } from '../components/FileInput';
import { useUpdateItem } from '../components/useItemSave';
import { useRecord } from '../components/useRecord';
import { ResourcePreview } from './ResourcePreview';
import { SongFields } from './SongFields';
import type { Song } from './types';

const RESOURCE_TYPES = 'application/pdf,image/*,audio/*,text/plain';

/** Spec §2 Edit song, with the resource preview beside the form. */
export function SongEdit() {
  const { record: song, loading, error, refetch } = useRecord<Song>('songs');
  const submit = useUpdateItem(
    'songs',
    song,
    { pending: 'Updating song, please wait...', success: 'Song has been updated' },
    () => void refetch(),
  );

  if (loading) return <Loading />;
  if (error || !song) return <Alert severity="error">Song not found.</Alert>;

  return (
    <Box sx={{ p: 2 }}>
      <Title title={`Edit: ${song.naziv}`} />
      <Typography variant="h4" component="h1" gutterBottom>
        Edit: {song.naziv}
      </Typography>
      {!song.owned && (
        <Alert severity="info" sx={{ mb: 2 }}>
          This song belongs to another band: you can look at it, not change it.
        </Alert>
      )}
      <Box
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: { md: 'minmax(320px, 1fr) minmax(320px, 1fr)' } }}
      >
        <Card>
          <CardContent>
            <Form
              disableInvalidFormNotification
              key={`${song.id}-${song.slika}-${song.resource}`}
              onSubmit={submit}
              defaultValues={{
                title: song.naziv,
                performer: song.idizvodjaca ?? '',
                visible: song.visibility,
                resursi: song.resursi ?? '',
              }}
            >
              <SongFields picture={song.slika} />
              <TextInput source="resursi" label="Resource link" helperText="An http:// or https:// address" />
              <FileInput
                source="resource"
                label="Resource file"
                accept={RESOURCE_TYPES}
                currentUrl={song.resource}
              />
              {song.resource && <CheckboxInput source="remove_resource" label="Remove resource file" />}
              <SaveButton
                label="Update Song"
                alwaysEnable={song.owned}
                disabled={!song.owned}
                sx={{ mt: 2 }}
              />
            </Form>
          </CardContent>
        </Card>
        <ResourcePreview file={song.resource} link={song.resursi} />
      </Box>
    </Box>
  );
}
