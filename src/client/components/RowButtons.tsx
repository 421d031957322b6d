import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { Button } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';

interface Props {
  /** The row's name, for accessible names such as 'Edit Zvezde' and 'Delete Zvezde'. */
  title: string;
  onEdit: () => void;
  onDelete: () => void;
  /** The row's other buttons, between the two. */
  children?: ReactNode;
}

/** A row's Edit and Delete buttons (users, bands), each opening its modal. */
export function RowButtons({ title, onEdit, onDelete, children }: Props) {
  const translate = useTranslate();
  const button = (action: 'edit' | 'delete', onClick: () => void) => (
    <Button
      size="small"
      color={action === 'delete' ? 'error' : undefined}
      startIcon={action === 'delete' ? <DeleteIcon /> : <EditIcon />}
      aria-label={translate(`list.${action}`, { title })}
      onClick={onClick}
    >
      {translate(`ra.action.${action}`)}
    </Button>
  );
  return (
    <>
      {button('edit', onEdit)}
      {children}
      {button('delete', onDelete)}
    </>
  );
}
