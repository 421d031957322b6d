import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import AddIcon from '@mui/icons-material/Add';
import EventIcon from '@mui/icons-material/Event';
import HomeIcon from '@mui/icons-material/Home';
import MicIcon from '@mui/icons-material/Mic';
import MusicNoteIcon from '@mui/icons-material/MusicNote';
import QueueMusicIcon from '@mui/icons-material/QueueMusic';
import type { ReactElement } from 'react';
import { Logout, Menu as RaMenu } from 'react-admin';
import { useStoredUser } from '../providers/userStore';

interface Link {
  to: string;
  label: string;
  icon?: ReactElement;
}

const sections: { main: Link; sub: Link[] }[] = [
  {
    main: { to: '/admin/songs', label: 'Songs', icon: <MusicNoteIcon /> },
    sub: [{ to: '/admin/addsong', label: 'Add song' }],
  },
  {
    main: { to: '/admin/performers', label: 'Performers', icon: <MicIcon /> },
    sub: [{ to: '/admin/addperformer', label: 'Add performer' }],
  },
  {
    main: { to: '/admin/playlists', label: 'Playlists', icon: <QueueMusicIcon /> },
    sub: [{ to: '/admin/addplaylist', label: 'Add playlist' }],
  },
  {
    main: { to: '/admin/gigs', label: 'Gigs', icon: <EventIcon /> },
    sub: [{ to: '/admin/addgig', label: 'Add gig' }],
  },
  {
    main: { to: '/admin/administration', label: 'Administration', icon: <AdminPanelSettingsIcon /> },
    sub: [
      { to: '/admin/users', label: 'Manage Users' },
      { to: '/admin/bands', label: 'Manage Bands' },
      { to: '/admin/settings', label: 'System Settings' },
      { to: '/admin/logs', label: 'System Logs' },
      { to: '/admin/status', label: 'System Status' },
    ],
  },
];

const Item = ({ link, nested }: { link: Link; nested?: boolean }) => (
  <RaMenu.Item
    to={link.to}
    primaryText={link.label}
    leftIcon={link.icon ?? <AddIcon fontSize="small" />}
    sx={nested ? { pl: 4 } : undefined}
  />
);

/** Spec §2 Menu: each list with its add link, the admin-only Administration section, logout. */
export function Menu() {
  const isAdmin = useStoredUser()?.permissions.isAdmin ?? false;
  const visible = isAdmin ? sections : sections.slice(0, 4);
  return (
    <RaMenu>
      <RaMenu.Item to="/admin/" primaryText="Home" leftIcon={<HomeIcon />} />
      {visible.map(({ main, sub }) => [
        <Item key={main.to} link={main} />,
        ...sub.map((link) => <Item key={link.to} link={link} nested />),
      ])}
      <Logout />
    </RaMenu>
  );
}
