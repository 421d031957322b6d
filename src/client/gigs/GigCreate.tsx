import { AddScreen } from '../components/AddScreen';
import { GigFields, PlaylistPreview } from './GigFields';

/** Spec §2 Add gig; new gigs start inactive with spacing 1 song and 2 minutes (spec §4, §5). */
export function GigCreate() {
  return (
    <AddScreen
      title="Add gig"
      resource="gigs"
      editPath={(id) => `/admin/gig/${id}`}
      messages={{ pending: 'Adding gig, please wait...', success: 'Gig has been added' }}
      saveLabel="Add Gig"
      defaultValues={{ status: false, razmakpesme: 1, razmakvreme: 2 }}
      below={<PlaylistPreview />}
    >
      <GigFields isNew />
    </AddScreen>
  );
}
