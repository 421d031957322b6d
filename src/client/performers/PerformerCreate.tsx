import { CreateScreen } from '../components/CreateScreen';
import { NamePictureFields } from '../components/NamePictureFields';

/** Spec §2 Add performer. */
export function PerformerCreate() {
  return (
    <CreateScreen
      title="performers.add.title"
      resource="performers"
      editPath={(id) => `/admin/performer/${id}`}
      messages={{ pending: 'performers.add.pending', success: 'performers.add.success' }}
      saveLabel="performers.add.save"
      defaultValues={{ visibility: false }}
    >
      <NamePictureFields />
    </CreateScreen>
  );
}
