import { AddScreen } from '../components/AddScreen';
import { SongFields } from './SongFields';

/** Spec §2 Add song. */
export function SongCreate() {
  return (
    <AddScreen
      title="Add song"
      resource="songs"
      editPath={(id) => `/admin/song/${id}`}
      messages={{ pending: 'Adding song, please wait...', success: 'Song has been added' }}
      saveLabel="Add Song"
      defaultValues={{ visible: false }}
    >
      <SongFields />
    </AddScreen>
  );
}
