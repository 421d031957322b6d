import { Alert, Box, Card, CardContent, Typography } from '@mui/material';
import { Form, Loading, SaveButton, Title } from 'react-admin';
import { useUpdateItem } from '../components/useItemSave';
import { useRecord } from '../components/useRecord';
import { NamePictureFields } from '../components/NamePictureFields';
import type { Performer } from './types';

/** Spec §2 Edit performer. */
export function PerformerEdit() {
  const { record: performer, loading, error, refetch } = useRecord<Performer>('performers');
  const submit = useUpdateItem(
    'performers',
    performer,
    { pending: 'Updating performer, please wait...', success: 'Performer has been updated' },
    () => void refetch(),
  );

  if (loading) return <Loading />;
  if (error || !performer) return <Alert severity="error">Performer not found.</Alert>;

  return (
    <Box sx={{ p: 2, maxWidth: 640 }}>
      <Title title={`Edit performer ${performer.naziv}`} />
      <Typography variant="h4" component="h1" gutterBottom>
        Edit performer {performer.naziv}
      </Typography>
      {!performer.owned && (
        <Alert severity="info" sx={{ mb: 2 }}>
          This performer belongs to another band: you can look at it, not change it.
        </Alert>
      )}
      <Card>
        <CardContent>
          <Form
            disableInvalidFormNotification
            key={`${performer.id}-${performer.slika}`}
            onSubmit={submit}
            defaultValues={{ title: performer.naziv, visible: performer.visibility }}
          >
            <NamePictureFields picture={performer.slika} />
            <SaveButton
              label="Update Performer"
              alwaysEnable={performer.owned}
              disabled={!performer.owned}
              sx={{ mt: 2 }}
            />
          </Form>
        </CardContent>
      </Card>
    </Box>
  );
}
