import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { say } from '../../shared/server-messages.js';
import {
  type RunningItem,
  type RunningState,
  runningOrder,
  sameItem,
  stepFrom,
} from '../../shared/running-order.js';
import type { Tx } from '../db/connect.js';
import { findLiveGig, type LiveGig, lockGig } from '../db/live-gigs.js';
import { bumpQueueVersion, decideSong, waitingQueue } from '../db/live-queue.js';
import { bumpRunning, readRunning, readSet, slotDecided, slotSong } from '../db/running-order.js';
import { conflict, forbidden, notFound } from '../errors.js';
import { owns } from '../lib/access.js';
import { iso } from '../lib/clock.js';
import { TokenParams } from '../services/forms/list-query.js';
import { itemOf, publishRunning } from './setlist.js';

/** A change's time, the gig's switch, and what to publish once the change is committed. */
type Moment = { now: string; active: boolean; committed: (() => void)[] };

const Id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });
const Item = Type.Object({
  kind: Type.Union([Type.Literal('set'), Type.Literal('request')], {
    description: 'set: a song of the gig’s playlist; request: a requested song slotted in.',
  }),
  song_id: Id,
});
const StepBody = Type.Object({
  // Two tablets tapping Next at once must not skip a song.
  from: Type.Optional(
    Type.Object(Item.properties, {
      description: 'Where the tablet saw the band: refused (409) if the band has moved on meanwhile.',
    }),
  ),
});

/**
 * The band's running order of a gig (issue 27, point 3): the set in order with the requests slotted
 * in ("Play next"), and the song the band is at, kept per gig so that every band tablet shows the
 * same; each change goes to the band's signed-in pages of the gig over the live channel, never to the
 * audience (publishRunning). Members of the gig's band read it; viewers only read, as they do the
 * queue. Authenticated and CSRF-checked as every admin route.
 */
const setlistRoutes: FastifyPluginAsyncTypebox = async (app) => {
  async function gigFor(request: FastifyRequest, token: string, write: boolean) {
    const gig = await findLiveGig(app.db, token);
    if (!gig) throw notFound(say('no_gig_at_address'));
    if (!owns(request.user!, gig)) throw forbidden(say('gig_other_band'));
    if (write && request.user!.role === 'viewer') throw forbidden(say('setlist_viewers'));
    return gig;
  }

  const answer = async (gig: LiveGig, state?: RunningState) => ({
    set: await readSet(app.db, gig),
    ...(state ?? (await readRunning(app.db, gig.id))),
  });

  /**
   * Changes the running order in one transaction under the gig's lock (two tablets at once change it
   * one after the other), then tells the band's pages. `change` answers false when nothing changed.
   */
  async function changeOrder(
    gig: LiveGig,
    change: (trx: Tx, at: Moment) => Promise<boolean>,
  ): Promise<RunningState> {
    const committed: (() => void)[] = [];
    const state = await app.db.transaction().execute(async (trx) => {
      const { active } = await lockGig(trx, app.dialect, gig.id);
      const at = { now: iso(app.clock()), active, committed };
      if (!(await change(trx, at))) return undefined;
      return readRunning(trx, gig.id);
    });
    if (!state) return readRunning(app.db, gig.id);
    for (const publish of committed) publish();
    publishRunning(app, gig.token, state);
    return state;
  }

  /**
   * The band moves on from a slotted request that was waiting: it was played, so the queue says, on
   * every page (the queue's own change, published once committed).
   */
  async function playedOnLeaving(trx: Tx, gig: LiveGig, songId: number, at: Moment) {
    await slotDecided(trx, gig.id, songId, 'played');
    const ids = await decideSong(trx, gig.id, songId, 'played', at.now);
    if (!ids.length) return;
    const version = await bumpQueueVersion(trx, gig.id);
    const change = { kind: 'played' as const, song_id: songId, request_ids: ids };
    at.committed.push(() => app.liveQueue.publish({ token: gig.token, active: at.active }, version, change));
  }

  const place = async (trx: Tx, gig: LiveGig) => {
    const running = await readRunning(trx, gig.id);
    return { running, order: runningOrder(await readSet(trx, gig), running.slots) };
  };

  app.get(
    '/api/admin/live/:token/setlist',
    {
      schema: {
        tags: ['live'],
        description:
          'The gig’s running order: its set (the playlist as the gig offers it), the requests slotted in ' +
          '(`slots`, each after the set song `after`) and the song the band is at (`current`).',
        params: TokenParams,
      },
    },
    async (request) => answer(await gigFor(request, request.params.token, false)),
  );

  for (const direction of ['next', 'previous'] as const)
    app.post(
      `/api/admin/live/:token/setlist/${direction}`,
      {
        schema: {
          tags: ['live'],
          description:
            direction === 'next'
              ? 'The band moves to the next song of the running order. Leaving a slotted request that ' +
                'was waiting marks it played (as the queue’s Played does).'
              : 'The band goes back to the song before.',
          params: TokenParams,
          body: StepBody,
        },
      },
      async (request) => {
        const gig = await gigFor(request, request.params.token, true);
        const { from } = request.body;
        const state = await changeOrder(gig, async (trx, at) => {
          const { running, order } = await place(trx, gig);
          const { current } = running;
          if (from && !sameItem(from, current)) throw conflict(say('setlist_moved'));
          const to = stepFrom(order, current, direction);
          if (!to) throw conflict(say(direction === 'next' ? 'setlist_end' : 'setlist_start'));
          const leaving =
            current?.kind === 'request' && running.slots.find((slot) => slot.song_id === current.song_id);
          if (direction === 'next' && leaving && !leaving.played)
            await playedOnLeaving(trx, gig, leaving.song_id, at);
          await bumpRunning(trx, gig.id, at.now, itemOf(to));
          return true;
        });
        return answer(gig, state);
      },
    );

  app.post(
    '/api/admin/live/:token/setlist/current',
    {
      schema: {
        tags: ['live'],
        description: 'The band is at this song of the running order now (a tablet opened it to play it).',
        params: TokenParams,
        body: Item,
      },
    },
    async (request) => {
      const gig = await gigFor(request, request.params.token, true);
      const to: RunningItem = { kind: request.body.kind, song_id: request.body.song_id };
      const state = await changeOrder(gig, async (trx, at) => {
        const { running, order } = await place(trx, gig);
        if (!order.some((item) => sameItem(item, to))) throw notFound(say('not_in_setlist'));
        if (sameItem(running.current, to)) return false;
        await bumpRunning(trx, gig.id, at.now, to);
        return true;
      });
      return answer(gig, state);
    },
  );

  app.post(
    '/api/admin/live/:token/setlist/play-next',
    {
      schema: {
        tags: ['live'],
        description:
          'Slots a waiting request in after the song the band is at (behind requests slotted there ' +
          'before); one already waiting in the order stays where it is.',
        params: TokenParams,
        body: Type.Object({ song_id: Id }),
      },
    },
    async (request) => {
      const gig = await gigFor(request, request.params.token, true);
      const songId = request.body.song_id;
      const state = await changeOrder(gig, async (trx, at) => {
        if (!(await waitingQueue(trx, gig.id, songId)).length) throw notFound(say('song_not_waiting'));
        const { running } = await place(trx, gig);
        const slotted = running.slots.find((slot) => slot.song_id === songId);
        if (slotted && !slotted.played) return false;
        const current = running.current;
        // After the set song the band is at, or the one the request it is at follows.
        const after =
          current?.kind === 'set'
            ? current.song_id
            : current?.kind === 'request'
              ? (running.slots.find((slot) => slot.song_id === current.song_id)?.after ?? null)
              : null;
        await slotSong(trx, gig.id, songId, after);
        await bumpRunning(trx, gig.id, at.now);
        return true;
      });
      return answer(gig, state);
    },
  );
};

export default setlistRoutes;
