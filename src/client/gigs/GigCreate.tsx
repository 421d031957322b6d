import { CreateScreen } from '../components/CreateScreen';
import { GigFields, PlaylistPreview } from './GigFields';

/** Spec §2 Add gig; new gigs start inactive with spacing 1 song and 2 minutes (spec §4, §5). */
export function GigCreate() {
  return (
    <CreateScreen
      resource="gigs"
      defaultValues={{ status: false, razmakpesme: 1, razmakvreme: 2, allow_messages: false }}
      below={<PlaylistPreview />}
    >
      <GigFields isNew />
    </CreateScreen>
  );
}
