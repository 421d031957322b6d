import { CreateScreen } from '../components/CreateScreen';
import { NamePictureFields } from '../components/NamePictureFields';

/** Spec §2 Add playlist. */
export function PlaylistCreate() {
  return (
    <CreateScreen resource="playlists" defaultValues={{ visibility: false }}>
      <NamePictureFields />
    </CreateScreen>
  );
}
