import { Alert, Box, Card, CardContent, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { CreateBase, Form, type RaRecord, Title, useSaveContext, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { usePermissionsOf } from '../providers/identity';
import { SaveButton } from './SaveButton';
import { type SaveMessages, useSaveToasts } from './useSaveToasts';

interface Props {
  /** The heading's message key (spec §2: 'Add song', 'Add performer', …). */
  title: string;
  resource: string;
  editPath: (id: RaRecord['id']) => string;
  messages: SaveMessages;
  saveLabel: string;
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
}: Pick<Props, 'defaultValues' | 'saveLabel' | 'children' | 'below'> & { start: () => void }) {
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
export function CreateScreen({ title, resource, editPath, messages, ...form }: Props) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { role, canWrite, band } = usePermissionsOf();
  const { start, mutationOptions } = useSaveToasts(messages, (record) =>
    navigate(editPath(record.id), { replace: true }),
  );
  const refusal = !role
    ? undefined
    : !canWrite
      ? translate('login.not_allowed')
      : band === null
        ? translate('item.no_band')
        : undefined;
  return (
    <Box sx={{ p: 2, maxWidth: 720 }}>
      <Title title={translate(title)} />
      <Typography variant="h4" component="h1" gutterBottom>
        {translate(title)}
      </Typography>
      {refusal ? (
        <Alert severity="info">{refusal}</Alert>
      ) : (
        <Card>
          <CardContent>
            <CreateBase
              resource={resource}
              redirect={false}
              mutationMode="pessimistic"
              mutationOptions={mutationOptions}
            >
              <CreateForm start={start} {...form} />
            </CreateBase>
          </CardContent>
        </Card>
      )}
    </Box>
  );
}
