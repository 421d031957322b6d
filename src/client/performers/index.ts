import MicIcon from '@mui/icons-material/Mic';
import { PerformerCreate } from './PerformerCreate';
import { PerformerEdit } from './PerformerEdit';
import { PerformerList } from './PerformerList';

export default { list: PerformerList, create: PerformerCreate, edit: PerformerEdit, icon: MicIcon };
