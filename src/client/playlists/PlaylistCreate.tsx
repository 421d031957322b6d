import { AddScreen } from '../components/AddScreen';
import { NamePictureFields } from '../components/NamePictureFields';

/** Spec §2 Add playlist. */
export function PlaylistCreate() {
  return (
    <AddScreen
      title="Add playlist"
      resource="playlists"
      editPath={(id) => `/admin/playlist/${id}`}
      messages={{ pending: 'Adding playlist, please wait...', success: 'Playlist has been added' }}
      saveLabel="Add Playlist"
      defaultValues={{ visible: false }}
    >
      <NamePictureFields />
    </AddScreen>
  );
}
