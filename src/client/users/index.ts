import GroupIcon from '@mui/icons-material/Group';
import { UserList } from './UserList';

export default { list: UserList, icon: GroupIcon };
