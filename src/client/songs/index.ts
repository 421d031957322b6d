import MusicNoteIcon from '@mui/icons-material/MusicNote';
import { SongCreate } from './SongCreate';
import { SongEdit } from './SongEdit';
import { SongList } from './SongList';

export default { list: SongList, create: SongCreate, edit: SongEdit, icon: MusicNoteIcon };
