import GroupIcon from '@mui/icons-material/Group';
import { adminOnly } from '../components/AdminOnly';
import { lazyScreen } from '../components/lazyScreen';

/** The users resource: its add, edit and delete are modals of the list (spec §2). */
export default { list: adminOnly(lazyScreen(() => import('./UserList'), 'UserList')), icon: GroupIcon };
