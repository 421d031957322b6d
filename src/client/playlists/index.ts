import QueueMusicIcon from '@mui/icons-material/QueueMusic';
import { lazyScreen } from '../components/lazyScreen';

/** The playlists resource: each screen in its own chunk. */
export default {
  list: lazyScreen(() => import('./PlaylistList'), 'PlaylistList'),
  create: lazyScreen(() => import('./PlaylistCreate'), 'PlaylistCreate'),
  edit: lazyScreen(() => import('./PlaylistEdit'), 'PlaylistEdit'),
  icon: QueueMusicIcon,
};
