import { Box, Card, CardContent, Typography } from '@mui/material';
import { Form, SaveButton, Title } from 'react-admin';
import { useCreateThenEdit } from '../components/useItemSave';
import { SongFields } from './SongFields';

/** Spec §2 Add song. */
export function SongCreate() {
  const submit = useCreateThenEdit('songs', (id) => `/admin/song/${id}`, {
    pending: 'Adding song, please wait...',
    success: 'Song has been added',
  });
  return (
    <Box sx={{ p: 2, maxWidth: 640 }}>
      <Title title="Add song" />
      <Typography variant="h4" component="h1" gutterBottom>
        Add song
      </Typography>
      <Card>
        <CardContent>
          <Form disableInvalidFormNotification onSubmit={submit} defaultValues={{ visible: false }}>
            <SongFields />
            <SaveButton label="Add Song" alwaysEnable sx={{ mt: 2 }} />
          </Form>
        </CardContent>
      </Card>
    </Box>
  );
}
