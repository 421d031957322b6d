import { Box, Card, CardContent, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Form, type RaRecord, SaveButton, Title } from 'react-admin';
import { useCreateThenEdit } from './useItemSave';

interface Props {
  /** The heading (spec §2: 'Add song', 'Add performer', …). */
  title: string;
  resource: string;
  editPath: (id: RaRecord['id']) => string;
  messages: { pending: string; success: string };
  saveLabel: string;
  defaultValues: Record<string, unknown>;
  /** The form's fields; `below` follows the save button (the gig's playlist preview). */
  children: ReactNode;
  below?: ReactNode;
}

/** An add screen: the heading, the form with its save button, and after saving the new item's
 *  edit screen, replacing history (spec §4). */
export function AddScreen({
  title,
  resource,
  editPath,
  messages,
  saveLabel,
  defaultValues,
  children,
  below,
}: Props) {
  const submit = useCreateThenEdit(resource, editPath, messages);
  return (
    <Box sx={{ p: 2, maxWidth: 720 }}>
      <Title title={title} />
      <Typography variant="h4" component="h1" gutterBottom>
        {title}
      </Typography>
      <Card>
        <CardContent>
          <Form disableInvalidFormNotification onSubmit={submit} defaultValues={defaultValues}>
            {children}
            <SaveButton label={saveLabel} alwaysEnable sx={{ mt: 2 }} />
            {below}
          </Form>
        </CardContent>
      </Card>
    </Box>
  );
}
