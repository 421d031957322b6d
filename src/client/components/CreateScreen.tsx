import { Alert, Box, Card, CardContent, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { CreateBase, Form, Title, useSaveContext, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { useMayAdd } from './readOnly';
import { SaveButton } from './SaveButton';
import { useSaveToasts } from './useSaveToasts';

/** The resources added and edited on screens of their own (spec §2). */
export type Repertoire = 'songs' | 'performers' | 'playlists' | 'gigs';

interface Props {
  /** Its messages are `<resource>.add.*`: the heading, the save button and the toasts. */
  resource: Repertoire;
  defaultValues: Record<string, unknown>;
  /** The form's fields; `below` follows the save button (the gig's playlist preview). */
  children: ReactNode;
  below?: ReactNode;
}

function CreateForm({
  defaultValues,
  start,
  saveLabel,
  children,
  below,
}: Pick<Props, 'defaultValues' | 'children' | 'below'> & { saveLabel: string; start: () => void }) {
  const { save } = useSaveContext();
  return (
    <Form
      disableInvalidFormNotification
      defaultValues={defaultValues}
      onSubmit={(values: Record<string, unknown>) => {
        start();
        return save?.(values);
      }}
    >
      {children}
      <SaveButton label={saveLabel} />
      {below}
    </Form>
  );
}

/**
 * An add screen on react-admin's CreateBase: the heading, the form, and after saving the new item's
 * edit screen, replacing history (spec §4). Viewers and users without a band are told why they
 * cannot add rather than shown a form the server would refuse.
 */
export function CreateScreen({ resource, ...form }: Props) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { mayAdd, refusal } = useMayAdd();
  const messages = { pending: `${resource}.add.pending`, success: `${resource}.add.success` };
  // The spec's edit URL names the resource in the singular: /admin/song/{id}.
  const { start, mutationOptions } = useSaveToasts(messages, (record) =>
    navigate(`/admin/${resource.slice(0, -1)}/${record.id}`, { replace: true }),
  );
  const title = `${resource}.add.title`;
  // Until permissions are known there is neither a form nor a refusal to show.
  if (!mayAdd && !refusal) return null;
  return (
    <Box sx={{ p: 2, maxWidth: 720 }}>
      <Title title={translate(title)} />
      <Typography variant="h4" component="h1" gutterBottom>
        {translate(title)}
      </Typography>
      {refusal && <Alert severity="info">{translate(refusal)}</Alert>}
      {mayAdd && (
        <Card>
          <CardContent>
            <CreateBase
              resource={resource}
              redirect={false}
              mutationMode="pessimistic"
              mutationOptions={mutationOptions}
            >
              <CreateForm start={start} saveLabel={`${resource}.add.save`} {...form} />
            </CreateBase>
          </CardContent>
        </Card>
      )}
    </Box>
  );
}
