import EventIcon from '@mui/icons-material/Event';
import { GigCreate } from './GigCreate';
import { GigEdit } from './GigEdit';
import { GigList } from './GigList';

export default { list: GigList, create: GigCreate, edit: GigEdit, icon: EventIcon };
