import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import LockIcon from '@mui/icons-material/Lock';
import VerifiedUserIcon from '@mui/icons-material/VerifiedUser';
import {
  Avatar,
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
}

/** Spec §2 "Reusable list row": picture, title, subtitle, owner or unauthorized icon, and edit and
 *  delete only for the owner. */
export function ListRow({
  picture,
  title,
  subtitle,
  owned,
  editTo,
  onDelete,
  titleTo,
  fallbackPicture = defaultSong,
}: Props) {
  return (
    <ListItem
      divider
      secondaryAction={
        owned ? (
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
        sx={{ pr: owned ? 12 : 0 }}
      />
      {owned ? (
        <Tooltip title="Yours">
          <VerifiedUserIcon color="success" titleAccess="Yours" sx={{ mr: 12 }} />
        </Tooltip>
      ) : (
        <Tooltip title="Another band's (read-only)">
          <LockIcon color="action" titleAccess="Another band's (read-only)" />
        </Tooltip>
      )}
    </ListItem>
  );
}
