import { say } from '../../shared/server-messages.js';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { looksLikeLink, MAX_MESSAGE, normalizeMessage } from '../../shared/message-rules.js';
import { insertRequest, performerDistance, ruleFacts } from '../db/guest-requests.js';
import { type LiveGig, lockGig, songOfGig } from '../db/live-gigs.js';
import { bumpQueueVersion, waitingQueue } from '../db/live-queue.js';
import { ApiError, invalid, notFound } from '../errors.js';
import { iso } from '../lib/clock.js';
import { checkRequest } from './request-rules.js';

/**
 * A guest's song request, from the checks of what the phone sent to the change every page following
 * the gig receives: the rules, the queue write and the publish in one place (docs/architecture.md).
 */

const DEVICE = /^[A-Za-z0-9_-]{8,64}$/;

/** The anonymous id the audience page keeps in the browser, sent as X-Device-Id. */
export function deviceOf(request: FastifyRequest): string {
  const header = request.headers['x-device-id'];
  const device = Array.isArray(header) ? header[0] : header;
  if (!device || !DEVICE.test(device)) throw invalid({ device: [say('device_missing')] });
  return device;
}

/** The guest's message as stored (none when nothing visible is left), or a 422 saying what is wrong. */
function checkedMessage(text: string | null | undefined, allowed: boolean): string | null {
  const message = normalizeMessage(text);
  if (message === null) return null;
  if (!allowed) throw invalid({ message: [say('message_not_allowed')] });
  if (message.length > MAX_MESSAGE)
    throw invalid({ message: [say('message_too_long', { max: MAX_MESSAGE })] });
  if (looksLikeLink(message)) throw invalid({ message: [say('message_links')] });
  return message;
}

export interface GuestRequest {
  device: string;
  /** The guest's network (addressGroup): the rules count "me too" per network. */
  network: string;
  songId: number;
  message?: string | null;
}

/**
 * Takes a guest's request for a song of a live gig: one request at a time per gig, checked against
 * the gig's rules, written to the queue and published to the gig's pages once committed. A second
 * tap on the same song gets the first request back (`duplicate`).
 */
export async function takeRequest(app: FastifyInstance, gig: LiveGig, guest: GuestRequest) {
  const { device, network, songId } = guest;
  const message = checkedMessage(guest.message, gig.allow_messages === 1);
  const now = app.clock();
  // Before the gig's row is taken: the playlist is not under that lock anyway.
  const song = await songOfGig(app.db, gig, songId);
  if (!song) throw notFound(say('song_not_tonight'));
  const outcome = await app.db.transaction().execute(async (trx) => {
    // One request at a time per gig (so two phones cannot both pass the spacing rules), and the
    // gig's switch as it is now, not as it was before the wait.
    const { active } = await lockGig(trx, app.dialect, gig.id);
    const facts = await ruleFacts(trx, gig.id, songId, { deviceId: device, network });
    // A second tap on the same song (or a retry on a weak network) gets the first request back.
    if (facts.ownWaiting) {
      const [entry] = await waitingQueue(trx, gig.id, songId);
      return { duplicate: true as const, row: facts.ownWaiting, entry };
    }
    // Artist spacing (issue 29) is read only when it is on and the request would take a new place.
    const distance =
      gig.artist_spacing > 0 && song.performer_id !== null && !facts.joinsWaiting
        ? await performerDistance(trx, gig.id, song.performer_id, gig.artist_spacing)
        : undefined;
    const refusal = checkRequest({
      now,
      song: song.naziv,
      gig: {
        active,
        razmakvreme: gig.razmakvreme,
        razmakpesme: gig.razmakpesme,
        artist_spacing: gig.artist_spacing,
      },
      ...facts,
      performer: song.performer,
      performerDistance: distance,
    });
    if (refusal) {
      const { status, ...body } = refusal;
      throw new ApiError(status, body);
    }
    const row = await insertRequest(trx, {
      gigId: gig.id,
      songId,
      deviceId: device,
      ip: network,
      now: iso(now),
      position: facts.position,
      message,
    });
    const version = await bumpQueueVersion(trx, gig.id);
    const [entry] = await waitingQueue(trx, gig.id, songId);
    return { duplicate: false as const, row, version, entry };
  });
  if (!outcome.duplicate) {
    // Published at once after the commit, numbered with the version the transaction gave it.
    app.liveQueue.publish({ token: gig.token, active: true }, outcome.version, {
      kind: 'requested',
      song_id: songId,
      request_ids: [outcome.row.id],
      entry: outcome.entry,
    });
  }
  const { duplicate, row, entry } = outcome;
  // Joined a song already waiting: "me too" (issue 13, point 4).
  return { duplicate, meToo: !duplicate && entry.count > 1, row, entry, song };
}
