import type { FastifyInstance } from 'fastify';
import {
  type RunningItem,
  type RunningState,
  runningOrder,
  sameItem,
  type SetlistEvent,
  stepFrom,
} from '../../shared/running-order.js';
import type { Tx } from '../db/connect.js';
import { bumpRunning, readRunning, readSet, slotDecided } from '../db/running-order.js';

/** A gig as the running order needs it. */
export type OrderGig = { id: number; playlist_id: number | null; band_id: number; token: string };

/** Only the place: the song's details travel with the order. */
export const itemOf = (item: RunningItem | null): RunningItem | null =>
  item && { kind: item.kind, song_id: item.song_id };

/**
 * Keeps the running order in step with a decision on a queued song (the queue's Played and Decline,
 * issue 27 point 3): a slotted request played stays where it was played, marked; one declined leaves
 * the order, and if the band was at it, the band is back at the song before. Answers the new state,
 * or undefined when the running order did not change. Runs in the decision's transaction.
 */
export async function decidedInOrder(
  trx: Tx,
  gig: OrderGig,
  songId: number,
  action: 'played' | 'declined',
  now: string,
): Promise<RunningState | undefined> {
  const before = action === 'declined' ? await readRunning(trx, gig.id) : undefined;
  if (!(await slotDecided(trx, gig.id, songId, action))) return undefined;
  let current: RunningItem | null | undefined;
  if (before && sameItem(before.current, { kind: 'request', song_id: songId })) {
    const order = runningOrder(await readSet(trx, gig), before.slots);
    current = itemOf(stepFrom(order, before.current, 'previous'));
  }
  await bumpRunning(trx, gig.id, now, current);
  return readRunning(trx, gig.id);
}

/** Tells the gig's band pages (never the audience) the running order's new state. */
export function publishRunning(app: FastifyInstance, token: string, state: RunningState) {
  const event: SetlistEvent = { type: 'setlist', gig: token, ...state };
  app.liveQueue.publishToBand(token, event);
}
