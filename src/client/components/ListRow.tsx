import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import LockIcon from '@mui/icons-material/Lock';
import VerifiedUserIcon from '@mui/icons-material/VerifiedUser';
import {
  Avatar,
  Checkbox,
  IconButton,
  Link as MuiLink,
  ListItem,
  ListItemAvatar,
  ListItemText,
  Tooltip,
} from '@mui/material';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import placeholder from '../assets/placeholder.svg';
import { usePermissionsOf } from '../providers/identity';

interface Props {
  picture: string | null;
  title: string;
  subtitle?: ReactNode;
  owned: boolean;
  editTo: string;
  onDelete: () => void;
  /** Makes the title a link (spec: performer rows link to the performer). */
  titleTo?: string;
  /** Picture shown when the item has none (spec §9: songs the default song image, gigs the default
   *  gig image, others the placeholder). */
  fallbackPicture?: string;
  /** Bulk actions (issue 14): a checkbox on rows the caller may change. */
  selected?: boolean;
  onSelect?: (selected: boolean) => void;
}

/** Spec §2 "Reusable list row": picture, title, subtitle, owner or unauthorized icon, and edit and
 *  delete only for the owner (and never for a viewer). */
export function ListRow({
  picture,
  title,
  subtitle,
  owned,
  editTo,
  onDelete,
  titleTo,
  fallbackPicture = placeholder,
  selected = false,
  onSelect,
}: Props) {
  const translate = useTranslate();
  // Viewers own their band's items but never change them (DESIGN §4 roles).
  const { canWrite } = usePermissionsOf();
  const editable = owned && canWrite;
  return (
    <ListItem
      divider
      secondaryAction={
        editable ? (
          <>
            <IconButton component={Link} to={editTo} aria-label={translate('list.edit', { title })}>
              <EditIcon />
            </IconButton>
            <IconButton edge="end" onClick={onDelete} aria-label={translate('list.delete', { title })}>
              <DeleteIcon />
            </IconButton>
          </>
        ) : undefined
      }
    >
      {onSelect && (
        <Checkbox
          edge="start"
          checked={selected}
          disabled={!editable}
          onChange={(event) => onSelect(event.target.checked)}
          slotProps={{ input: { 'aria-label': translate('list.select', { title }) } }}
          sx={{ mr: 1, visibility: editable ? 'visible' : 'hidden' }}
        />
      )}
      <ListItemAvatar>
        <Avatar variant="rounded" src={picture ?? fallbackPicture} alt="" />
      </ListItemAvatar>
      <ListItemText
        primary={
          titleTo ? (
            <MuiLink component={Link} to={titleTo}>
              {title}
            </MuiLink>
          ) : (
            title
          )
        }
        secondary={subtitle}
        slotProps={{ primary: { noWrap: true }, secondary: { noWrap: true } }}
        sx={{ pr: editable ? 12 : 0, minWidth: 0 }}
      />
      {editable ? (
        <Tooltip title={translate('list.yours')}>
          <VerifiedUserIcon color="success" titleAccess={translate('list.yours')} sx={{ mr: 12 }} />
        </Tooltip>
      ) : owned ? null : (
        <Tooltip title={translate('list.read_only')}>
          <LockIcon color="action" titleAccess={translate('list.read_only')} />
        </Tooltip>
      )}
    </ListItem>
  );
}
