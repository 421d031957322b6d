import QueueMusicIcon from '@mui/icons-material/QueueMusic';
import { PlaylistCreate } from './PlaylistCreate';
import { PlaylistEdit } from './PlaylistEdit';
import { PlaylistList } from './PlaylistList';

export default { list: PlaylistList, create: PlaylistCreate, edit: PlaylistEdit, icon: QueueMusicIcon };
