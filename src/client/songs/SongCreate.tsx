import { CreateScreen } from '../components/CreateScreen';
import { SongFields } from './SongFields';

/** Spec §2 Add song. */
export function SongCreate() {
  return (
    <CreateScreen resource="songs" defaultValues={{ visibility: false }}>
      <SongFields />
    </CreateScreen>
  );
}
