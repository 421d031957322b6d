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
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { type ReactNode, useRef } from 'react';
import { Link } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import placeholder from '../assets/placeholder.svg';
import { usePermissionsOf } from '../providers/identity';
import { FullTitle } from './FullTitle';

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
 *  delete only for the owner (and never for a viewer).
 *
 *  On a phone (issue 26) the title gets the row's width as react-admin's demo gives it on small
 *  screens (SimpleList, linked to the edit screen): the title is the link to the item's screen (in
 *  place of the edit icon; read-only there for another band's item or a viewer, so that every row
 *  has a control the keyboard reaches), and the owner icon sits beside the delete icon without the
 *  room the desktop keeps between them. A title cut short shows whole in a tooltip (FullTitle). */
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
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const text = useRef<HTMLElement>(null);
  const linkTo = titleTo ?? (phone ? editTo : undefined);
  return (
    <FullTitle title={title} text={text}>
      <ListItem
        divider
        secondaryAction={
          editable ? (
            <>
              {!phone && (
                <IconButton component={Link} to={editTo} aria-label={translate('list.edit', { title })}>
                  <EditIcon />
                </IconButton>
              )}
              <IconButton edge="end" onClick={onDelete} aria-label={translate('list.delete', { title })}>
                <DeleteIcon />
              </IconButton>
            </>
          ) : undefined
        }
        sx={phone ? { pl: 1 } : undefined}
      >
        {onSelect && (
          <Checkbox
            edge="start"
            checked={selected}
            disabled={!editable}
            onChange={(event) => onSelect(event.target.checked)}
            slotProps={{ input: { 'aria-label': translate('list.select', { title }) } }}
            sx={{ mr: phone ? 0 : 1, visibility: editable ? 'visible' : 'hidden' }}
          />
        )}
        <ListItemAvatar sx={phone ? { minWidth: 48 } : undefined}>
          <Avatar variant="rounded" src={picture ?? fallbackPicture} alt="" />
        </ListItemAvatar>
        <ListItemText
          primary={
            linkTo ? (
              <MuiLink component={Link} to={linkTo}>
                {title}
              </MuiLink>
            ) : (
              title
            )
          }
          secondary={subtitle}
          // On a phone the subtitle (a gig's place and start) wraps rather than being cut: no tooltip
          // reads it there.
          slotProps={{ primary: { noWrap: true, ref: text }, secondary: { noWrap: !phone } }}
          sx={{ pr: editable && !phone ? 12 : 0, minWidth: 0 }}
        />
        {editable ? (
          <Tooltip title={translate('list.yours')}>
            <VerifiedUserIcon
              color="success"
              titleAccess={translate('list.yours')}
              sx={{ mr: phone ? 0 : 12, ml: 1 }}
            />
          </Tooltip>
        ) : owned ? null : (
          <Tooltip title={translate('list.read_only')}>
            <LockIcon color="action" titleAccess={translate('list.read_only')} sx={{ ml: 1 }} />
          </Tooltip>
        )}
      </ListItem>
    </FullTitle>
  );
}
