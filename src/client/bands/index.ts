import GroupsIcon from '@mui/icons-material/Groups';
import { BandList } from './BandList';

export default { list: BandList, icon: GroupsIcon };
