import MusicNoteIcon from '@mui/icons-material/MusicNote';
import { lazyScreen } from '../components/lazyScreen';

/** The songs resource: each screen in its own chunk. */
export default {
  list: lazyScreen(() => import('./SongList'), 'SongList'),
  create: lazyScreen(() => import('./SongCreate'), 'SongCreate'),
  edit: lazyScreen(() => import('./SongEdit'), 'SongEdit'),
  icon: MusicNoteIcon,
};
