import { CreateScreen } from '../components/CreateScreen';
import { DEFAULT_MINUTES_PER_SONG } from '../../shared/queue-wait';
import { GigFields, PlaylistPreview } from './GigFields';

/** Spec §2 Add gig; new gigs start inactive with spacing 1 song and 2 minutes (spec §4, §5). */
export function GigCreate() {
  return (
    <CreateScreen
      resource="gigs"
      defaultValues={{
        status: false,
        razmakpesme: 1,
        razmakvreme: 2,
        allow_messages: false,
        artist_spacing: 0,
        minutes_per_song: DEFAULT_MINUTES_PER_SONG,
      }}
      below={<PlaylistPreview />}
    >
      <GigFields isNew />
    </CreateScreen>
  );
}
