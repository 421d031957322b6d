import MicIcon from '@mui/icons-material/Mic';
import { lazyScreen } from '../components/lazyScreen';

/** The performers resource: each screen in its own chunk. */
export default {
  list: lazyScreen(() => import('./PerformerList'), 'PerformerList'),
  create: lazyScreen(() => import('./PerformerCreate'), 'PerformerCreate'),
  edit: lazyScreen(() => import('./PerformerEdit'), 'PerformerEdit'),
  icon: MicIcon,
};
