import { Box, Card, CardContent, Typography } from '@mui/material';
import { Form, SaveButton, Title } from 'react-admin';
import { useCreateThenEdit } from '../components/useItemSave';
import { NamePictureFields } from '../components/NamePictureFields';

/** Spec §2 Add performer. */
export function PerformerCreate() {
  const submit = useCreateThenEdit('performers', (id) => `/admin/performer/${id}`, {
    pending: 'Adding performer, please wait...',
    success: 'Performer has been added',
  });
  return (
    <Box sx={{ p: 2, maxWidth: 640 }}>
      <Title title="Add performer" />
      <Typography variant="h4" component="h1" gutterBottom>
        Add performer
      </Typography>
      <Card>
        <CardContent>
          <Form disableInvalidFormNotification onSubmit={submit} defaultValues={{ visible: false }}>
            <NamePictureFields />
            <SaveButton label="Add Performer" alwaysEnable sx={{ mt: 2 }} />
          </Form>
        </CardContent>
      </Card>
    </Box>
  );
}
