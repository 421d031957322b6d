import EventIcon from '@mui/icons-material/Event';
import { lazyScreen } from '../components/lazyScreen';

/** The gigs resource: each screen in its own chunk. */
export default {
  list: lazyScreen(() => import('./GigList'), 'GigList'),
  create: lazyScreen(() => import('./GigCreate'), 'GigCreate'),
  edit: lazyScreen(() => import('./GigEdit'), 'GigEdit'),
  icon: EventIcon,
};
