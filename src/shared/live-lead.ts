/**
 * Tablets follow the leader (issue 27, point 4): one band tablet leads the gig, and the others in
 * follow mode open the song it opens, in its key, scrolled as far. The leader's messages travel over
 * the live channel to the band's signed-in pages of the gig only, never to the audience or the screen.
 */

/** The song the leader opened, as much of it as a follower needs to open it too (band-only fields). */
export interface LeadSong {
  song_id: number;
  naziv: string;
  performer: string | null;
  /** The song's resource file (an upload URL) and link, as the band's queue entries carry them. */
  resource: string | null;
  resursi: string | null;
  chart: boolean;
}

/** What the leading tablet shows: the song (none: closed), its transposition and capo, its scroll. */
export interface LeadView {
  song: LeadSong | null;
  transpose: number;
  capo: number;
  /** How far down the chart is scrolled: 0 at the top, 1 at the end. */
  scroll: number;
}

/**
 * A tablet's message to the server (over /ws, or POST /api/admin/live/{token}/lead on the event
 * stream): `take` makes it the leader (replacing any other), `release` makes nobody the leader; any
 * other message from a tablet that does not lead is ignored.
 */
export interface LeadMessage extends LeadView {
  type: 'lead';
  gig: string;
  /** The tablet's id, made by the page: tablets signed in as the same user are told apart by it. */
  tablet: string;
  take?: boolean;
  release?: boolean;
}

/** What the band's pages get: the gig's leader (null: nobody leads) and what it shows. */
export interface LeadEvent extends LeadView {
  type: 'lead';
  gig: string;
  tablet: string | null;
  /** When the server sent it (epoch ms, sub-millisecond), for the follow benchmark. */
  at: number;
}

export const TABLET_ID = /^[A-Za-z0-9_-]{8,64}$/;
const MAX_TEXT = 500;
const MAX_URL = 2000;
/** The steps the stage view allows (ChartStage). */
export const TRANSPOSE_LIMIT = 11;
export const CAPO_LIMIT = 11;

const isText = (value: unknown, max: number): value is string =>
  typeof value === 'string' && value.length <= max;
const isInt = (value: unknown, min: number, max: number): value is number =>
  Number.isInteger(value) && (value as number) >= min && (value as number) <= max;
/** A link a page may open: the app's own path or a web address (never javascript: and the like). */
const isLink = (value: unknown): value is string | null =>
  value === null || (isText(value, MAX_URL) && /^(\/(?!\/)|https?:\/\/)/i.test(value));

function readSong(value: unknown): LeadSong | null | undefined {
  if (value === null) return null;
  if (typeof value !== 'object' || value === undefined) return undefined;
  const song = value as Record<string, unknown>;
  if (
    !isInt(song.song_id, 1, Number.MAX_SAFE_INTEGER) ||
    !isText(song.naziv, MAX_TEXT) ||
    !(song.performer === null || isText(song.performer, MAX_TEXT)) ||
    !isLink(song.resource) ||
    !isLink(song.resursi) ||
    typeof song.chart !== 'boolean'
  )
    return undefined;
  const { song_id, naziv, performer, resource, resursi, chart } = song as unknown as LeadSong;
  // Only the known fields go on: whatever else was sent does not reach the other tablets.
  return { song_id, naziv, performer, resource, resursi, chart };
}

/** A tablet's message as the server takes it, or null when it is malformed. */
export function readLeadMessage(message: Record<string, unknown>, gigPattern: RegExp): LeadMessage | null {
  const song = readSong(message.song);
  if (
    message.type !== 'lead' ||
    typeof message.gig !== 'string' ||
    !gigPattern.test(message.gig) ||
    typeof message.tablet !== 'string' ||
    !TABLET_ID.test(message.tablet) ||
    song === undefined ||
    !isInt(message.transpose, -TRANSPOSE_LIMIT, TRANSPOSE_LIMIT) ||
    !isInt(message.capo, 0, CAPO_LIMIT) ||
    typeof message.scroll !== 'number' ||
    !(message.scroll >= 0 && message.scroll <= 1) ||
    (message.take !== undefined && typeof message.take !== 'boolean') ||
    (message.release !== undefined && typeof message.release !== 'boolean')
  )
    return null;
  return {
    type: 'lead',
    gig: message.gig,
    tablet: message.tablet,
    song,
    transpose: message.transpose,
    capo: message.capo,
    scroll: message.scroll,
    take: message.take === true,
    release: message.release === true,
  };
}
