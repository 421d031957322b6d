import { CreateScreen } from '../components/CreateScreen';
import { SongFields } from './SongFields';

/** Spec §2 Add song. */
export function SongCreate() {
  return (
    <CreateScreen
      title="songs.add.title"
      resource="songs"
      editPath={(id) => `/admin/song/${id}`}
      messages={{ pending: 'songs.add.pending', success: 'songs.add.success' }}
      saveLabel="songs.add.save"
      defaultValues={{ visibility: false }}
    >
      <SongFields />
    </CreateScreen>
  );
}
