import GroupsIcon from '@mui/icons-material/Groups';
import { lazyScreen } from '../components/lazyScreen';

/** The bands resource: its add, edit and delete are modals of the list (spec §2). */
export default { list: lazyScreen(() => import('./BandList'), 'BandList'), icon: GroupsIcon };
