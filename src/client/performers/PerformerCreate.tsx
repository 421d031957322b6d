import { AddScreen } from '../components/AddScreen';
import { NamePictureFields } from '../components/NamePictureFields';

/** Spec §2 Add performer. */
export function PerformerCreate() {
  return (
    <AddScreen
      title="Add performer"
      resource="performers"
      editPath={(id) => `/admin/performer/${id}`}
      messages={{ pending: 'Adding performer, please wait...', success: 'Performer has been added' }}
      saveLabel="Add Performer"
      defaultValues={{ visible: false }}
    >
      <NamePictureFields />
    </AddScreen>
  );
}
