import { EditScreen } from '../components/EditScreen';
import { NamePictureFields } from '../components/NamePictureFields';
import type { Performer } from './types';

/** Spec §2 Edit performer. */
export function PerformerEdit() {
  return (
    <EditScreen<Performer> resource="performers" maxWidth={640}>
      {(performer) => <NamePictureFields picture={performer.slika} />}
    </EditScreen>
  );
}
