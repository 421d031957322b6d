import { CreateScreen } from '../components/CreateScreen';
import { SongFields } from './SongFields';
import { SongSheetFields } from './SongSheetFields';

/** Spec §2 Add song. */
export function SongCreate() {
  return (
    <CreateScreen resource="songs" defaultValues={{ visibility: false }}>
      <SongFields />
      <SongSheetFields />
    </CreateScreen>
  );
}
