import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import ArticleIcon from '@mui/icons-material/Article';
import EventIcon from '@mui/icons-material/Event';
import EventAvailableIcon from '@mui/icons-material/EventAvailable';
import GroupIcon from '@mui/icons-material/Group';
import GroupsIcon from '@mui/icons-material/Groups';
import HomeIcon from '@mui/icons-material/Home';
import InsightsIcon from '@mui/icons-material/Insights';
import LibraryMusicIcon from '@mui/icons-material/LibraryMusic';
import MicIcon from '@mui/icons-material/Mic';
import MonitorHeartIcon from '@mui/icons-material/MonitorHeart';
import MusicNoteIcon from '@mui/icons-material/MusicNote';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import PlaylistAddIcon from '@mui/icons-material/PlaylistAdd';
import QueueMusicIcon from '@mui/icons-material/QueueMusic';
import SettingsIcon from '@mui/icons-material/Settings';
import type { ReactElement } from 'react';
import { Logout, Menu as RaMenu, useTranslate } from 'react-admin';
import { usePermissionsOf } from '../providers/identity';

interface Link {
  to: string;
  /** Needs a band, or a system admin (who reads any band's). */
  needsBand?: boolean;
  label: string;
  icon: ReactElement;
  /** An add link: not for viewers, who never add (DESIGN §4 roles). */
  adds?: boolean;
}

const sections: { main: Link; sub: Link[] }[] = [
  {
    main: { to: '/admin/songs', label: 'menu.songs', icon: <MusicNoteIcon /> },
    sub: [{ to: '/admin/addsong', label: 'menu.add_song', icon: <LibraryMusicIcon />, adds: true }],
  },
  {
    main: { to: '/admin/performers', label: 'menu.performers', icon: <MicIcon /> },
    sub: [{ to: '/admin/addperformer', label: 'menu.add_performer', icon: <PersonAddIcon />, adds: true }],
  },
  {
    main: { to: '/admin/playlists', label: 'menu.playlists', icon: <QueueMusicIcon /> },
    sub: [{ to: '/admin/addplaylist', label: 'menu.add_playlist', icon: <PlaylistAddIcon />, adds: true }],
  },
  {
    main: { to: '/admin/gigs', label: 'menu.gigs', icon: <EventIcon /> },
    sub: [{ to: '/admin/addgig', label: 'menu.add_gig', icon: <EventAvailableIcon />, adds: true }],
  },
  // Issue 29: every role reads its band's (system admins any band's).
  {
    main: { to: '/admin/insights', label: 'menu.insights', icon: <InsightsIcon />, needsBand: true },
    sub: [],
  },
  {
    main: { to: '/admin/administration', label: 'menu.administration', icon: <AdminPanelSettingsIcon /> },
    sub: [
      { to: '/admin/users', label: 'menu.users', icon: <GroupIcon /> },
      { to: '/admin/bands', label: 'menu.bands', icon: <GroupsIcon /> },
      { to: '/admin/settings', label: 'menu.settings', icon: <SettingsIcon /> },
      { to: '/admin/logs', label: 'menu.logs', icon: <ArticleIcon /> },
      { to: '/admin/status', label: 'menu.status', icon: <MonitorHeartIcon /> },
    ],
  },
];

/** Spec §2 Menu: each list with its add link, the admin-only Administration section, logout. */
export function Menu() {
  const translate = useTranslate();
  const { isAdmin, canWrite, band } = usePermissionsOf();
  const visible = (isAdmin ? sections : sections.slice(0, 5)).filter(
    ({ main }) => !main.needsBand || isAdmin || band !== null,
  );
  const item = (link: Link, nested = false) => (
    <RaMenu.Item
      key={link.to}
      to={link.to}
      primaryText={translate(link.label)}
      leftIcon={link.icon}
      sx={nested ? { pl: 4 } : undefined}
    />
  );
  return (
    <RaMenu>
      <RaMenu.Item to="/admin/" primaryText={translate('menu.home')} leftIcon={<HomeIcon />} />
      {visible.map(({ main, sub }) => [
        item(main),
        ...sub.filter((link) => canWrite || !link.adds).map((link) => item(link, true)),
      ])}
      <Logout />
    </RaMenu>
  );
}
