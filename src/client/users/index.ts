import GroupIcon from '@mui/icons-material/Group';
import { lazyScreen } from '../components/lazyScreen';

/** The users resource: its add, edit and delete are modals of the list (spec §2). */
export default { list: lazyScreen(() => import('./UserList'), 'UserList'), icon: GroupIcon };
