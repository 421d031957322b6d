import { Box, Card, CardContent, Typography } from '@mui/material';
import { Form, SaveButton, Title } from 'react-admin';
import { NamePictureFields } from '../components/NamePictureFields';
import { useCreateThenEdit } from '../components/useItemSave';

/** Spec §2 Add playlist. */
export function PlaylistCreate() {
  const submit = useCreateThenEdit('playlists', (id) => `/admin/playlist/${id}`, {
    pending: 'Adding playlist, please wait...',
    success: 'Playlist has been added',
  });
  return (
    <Box sx={{ p: 2, maxWidth: 640 }}>
      <Title title="Add playlist" />
      <Typography variant="h4" component="h1" gutterBottom>
        Add playlist
      </Typography>
      <Card>
        <CardContent>
          <Form disableInvalidFormNotification onSubmit={submit} defaultValues={{ visible: false }}>
            <NamePictureFields />
            <SaveButton label="Add Playlist" alwaysEnable sx={{ mt: 2 }} />
          </Form>
        </CardContent>
      </Card>
    </Box>
  );
}
