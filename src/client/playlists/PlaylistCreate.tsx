import { CreateScreen } from '../components/CreateScreen';
import { NamePictureFields } from '../components/NamePictureFields';

/** Spec §2 Add playlist. */
export function PlaylistCreate() {
  return (
    <CreateScreen
      title="playlists.add.title"
      resource="playlists"
      editPath={(id) => `/admin/playlist/${id}`}
      messages={{ pending: 'playlists.add.pending', success: 'playlists.add.success' }}
      saveLabel="playlists.add.save"
      defaultValues={{ visibility: false }}
    >
      <NamePictureFields />
    </CreateScreen>
  );
}
