import { Box, Card, CardContent, Typography } from '@mui/material';
import { Form, SaveButton, Title } from 'react-admin';
import { useCreateThenEdit } from '../components/useItemSave';
import { GigFields, PlaylistPreview } from './GigFields';

/** Spec §2 Add gig; new gigs start inactive with spacing 1 song and 2 minutes (spec §4, §5). */
export function GigCreate() {
  const submit = useCreateThenEdit('gigs', (id) => `/admin/gig/${id}`, {
    pending: 'Adding gig, please wait...',
    success: 'Gig has been added',
  });
  return (
    <Box sx={{ p: 2, maxWidth: 720 }}>
      <Title title="Add gig" />
      <Typography variant="h4" component="h1" gutterBottom>
        Add gig
      </Typography>
      <Card>
        <CardContent>
          <Form
            disableInvalidFormNotification
            onSubmit={submit}
            defaultValues={{ status: false, razmakpesme: 1, razmakvreme: 2 }}
          >
            <GigFields isNew />
            <SaveButton label="Add Gig" alwaysEnable sx={{ mt: 2 }} />
            <PlaylistPreview />
          </Form>
        </CardContent>
      </Card>
    </Box>
  );
}
