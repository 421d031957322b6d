import GroupsIcon from '@mui/icons-material/Groups';
import { adminOnly } from '../components/AdminOnly';
import { lazyScreen } from '../components/lazyScreen';

/** The bands resource: its add, edit and delete are modals of the list (spec §2). */
export default { list: adminOnly(lazyScreen(() => import('./BandList'), 'BandList')), icon: GroupsIcon };
