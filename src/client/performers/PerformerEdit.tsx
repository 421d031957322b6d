import { useTranslate } from 'react-admin';
import { EditScreen } from '../components/EditScreen';
import { NamePictureFields } from '../components/NamePictureFields';
import type { Performer } from './types';

/** Spec §2 Edit performer. */
export function PerformerEdit() {
  const translate = useTranslate();
  return (
    <EditScreen<Performer>
      resource="performers"
      listPath="/admin/performers"
      title={(performer) => translate('performers.edit.title', { name: performer.naziv })}
      messages={{ pending: 'performers.edit.pending', success: 'performers.edit.success' }}
      saveLabel="performers.edit.save"
      maxWidth={640}
    >
      {(performer) => <NamePictureFields picture={performer.slika} />}
    </EditScreen>
  );
}
