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
import defaultSong from '../assets/default-song.svg';
import { useStoredUser } from '../providers/userStore';

interface Props {
  picture: string | null;
  title: string;
  subtitle?: ReactNode;
  owned: boolean;
  editTo: string;
  onDelete: () => void;
  /** Makes the title a link (spec: performer rows link to the performer). */
  titleTo?: string;
  /** Picture shown when the item has none (spec §9: the default song image). */
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
  fallbackPicture = defaultSong,
  selected = false,
  onSelect,
}: Props) {
  // Viewers own their band's items but never change them (DESIGN §4 roles).
  const isViewer = useStoredUser()?.permissions.isViewer ?? false;
  const editable = owned && !isViewer;
  return (
    <ListItem
      divider
      secondaryAction={
        editable ? (
          <>
            <IconButton component={Link} to={editTo} aria-label={`Edit ${title}`}>
              <EditIcon />
            </IconButton>
            <IconButton edge="end" onClick={onDelete} aria-label={`Delete ${title}`}>
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
          slotProps={{ input: { 'aria-label': `Select ${title}` } }}
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
        sx={{ pr: editable ? 12 : 0 }}
      />
      {owned ? (
        <Tooltip title="Yours">
          <VerifiedUserIcon color="success" titleAccess="Yours" sx={{ mr: editable ? 12 : 0 }} />
        </Tooltip>
      ) : (
        <Tooltip title="Another band's (read-only)">
          <LockIcon color="action" titleAccess="Another band's (read-only)" />
        </Tooltip>
      )}
    </ListItem>
  );
}
