import { CreateScreen } from '../components/CreateScreen';
import { NamePictureFields } from '../components/NamePictureFields';

/** Spec §2 Add performer. */
export function PerformerCreate() {
  return (
    <CreateScreen resource="performers" defaultValues={{ visibility: false }}>
      <NamePictureFields />
    </CreateScreen>
  );
}
