import { say } from '../../../shared/server-messages.js';
import { type Static, Type } from '@sinclair/typebox';
import {
  Checkbox,
  File,
  Form,
  on,
  parseStartTime,
  Reference,
  Title,
  VersionField,
  WholeNumber,
} from './fields.js';

/** Spec §5 Gig: the minimums of the two spacing rules. */
const MIN_SONGS_BETWEEN = 1;
const MIN_MINUTES_BETWEEN = 2;

/** Spec §7: the gig form. The playlist must be one the writer may use: db/gigs.ts checks that. */
export const GigForm = Form({
  title: Title(),
  lokacija: Title('location'),
  status: Checkbox('status'),
  /** Issue 13, point 5: off for a new gig unless sent; kept by an update that does not send it. */
  allow_messages: Checkbox('allow_messages'),
  razmakpesme: WholeNumber('minimum songs between same orders', MIN_SONGS_BETWEEN, 1000),
  razmakvreme: WholeNumber('minimum minutes between same orders', MIN_MINUTES_BETWEEN, 1440),
  /**
   * Issue 29: the same performer not within this many songs (0 = off). Optional: a new gig without it
   * has 0, an update without it keeps the gig's.
   */
  artist_spacing: Type.Optional(WholeNumber('songs between the same performer', 0, 100)),
  /** Issue 29: the band's guess per song for the guests' wait estimate (4 unless sent; kept on update). */
  minutes_per_song: Type.Optional(WholeNumber('minutes per song', 1, 60)),
  starttime: Type.String({
    format: 'local-date-time',
    messages: {
      required: say('field_required', { field: 'start time' }),
      invalid: say('start_time_invalid'),
    },
  }),
  playlista: Reference('playlist'),
  picture: File('An image (PNG, JPEG, GIF, WebP or AVIF).'),
});

/** Its edit form: the version the edit started from beside (issue 28). */
export const GigUpdate = Form({ ...GigForm.properties, version: VersionField });

/** The form's values as a gig keeps them. */
export const gigValues = (body: Static<typeof GigForm>) => ({
  naziv: body.title,
  lokacija: body.lokacija,
  status: on(body.status),
  razmakpesme: body.razmakpesme,
  razmakvreme: body.razmakvreme,
  pocetak: parseStartTime(body.starttime)!,
  playlist_id: body.playlista,
  ...(body.allow_messages === undefined ? {} : { allow_messages: on(body.allow_messages) }),
  ...(body.artist_spacing === undefined ? {} : { artist_spacing: body.artist_spacing }),
  ...(body.minutes_per_song === undefined ? {} : { minutes_per_song: body.minutes_per_song }),
});
