import { CreateScreen } from '../components/CreateScreen';
import { GigFields, PlaylistPreview } from './GigFields';

/** Spec §2 Add gig; new gigs start inactive with spacing 1 song and 2 minutes (spec §4, §5). */
export function GigCreate() {
  return (
    <CreateScreen
      title="gigs.add.title"
      resource="gigs"
      editPath={(id) => `/admin/gig/${id}`}
      messages={{ pending: 'gigs.add.pending', success: 'gigs.add.success' }}
      saveLabel="gigs.add.save"
      defaultValues={{ status: false, razmakpesme: 1, razmakvreme: 2, allow_messages: false }}
      below={<PlaylistPreview />}
    >
      <GigFields isNew />
    </CreateScreen>
  );
}
