import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  PANEL_RESOURCES,
  PRESENCE_AGAIN_MS,
  type PanelEvent,
  type PanelPage,
  type PanelResource,
} from '../../shared/panel-live.js';
import { PanelRedis } from './panel-redis.js';

/** Who joined: the user's band ('band:<id>', or 'admin' for a system admin: every band) and name. */
export interface PanelJoiner {
  band: string;
  user: { id: number; name: string };
}

interface Member {
  send(data: Buffer): void;
  /** The band whose messages it hears; 'admin' hears every band's. */
  band: string;
  page: PanelPage;
  at: string | null;
}

/**
 * An event as it goes between processes: `to` the band whose pages (and the system admins') hear
 * it, 'admin' for the system admins only. `ask`: a page has just come to `event.at`, so the pages
 * already there say so again (each process for its own pages), and the newcomer sees them at once.
 */
interface Wire {
  to: string;
  event: PanelEvent;
  ask?: boolean;
}

/** The live channel's topic for the panel's pages (admission and session checks name it so). */
export const panelTopic = (band: string) => `panel:${band}`;

const isWire = (value: unknown): value is Wire => {
  const wire = value as Wire | null;
  return typeof wire?.to === 'string' && typeof wire.event?.type === 'string';
};

/**
 * The panel's topic on the live channel (issue 28, point 2; docs/decisions.md, "The panel on the
 * live channel"): each band's signed-in admins hear which items of theirs changed and who of them
 * has which item open; system admins hear every band. A page's presence lives as long as its
 * connection (a closed tab's is gone as its socket closes), and is said again every
 * PRESENCE_AGAIN_MS so that pages drop one whose server process died. Unlike a gig's queue nothing
 * here is numbered: a page that (re)connects reloads its lists instead.
 */
export class PanelChannel {
  private readonly members = new Map<object, Member>();
  private redis?: PanelRedis;
  private readonly again: NodeJS.Timeout;

  constructor(
    private readonly logger: FastifyBaseLogger,
    /** A change was heard (perhaps from another process): what this process remembers is stale. */
    private readonly heardChange: () => void,
  ) {
    this.again = setInterval(() => this.sayAgain(), PRESENCE_AGAIN_MS);
    this.again.unref();
  }

  async connectRedis(url: string, channel: string) {
    this.redis = new PanelRedis(url, channel, this.logger, (message) => {
      let wire: unknown;
      try {
        wire = JSON.parse(message);
      } catch {
        wire = undefined;
      }
      if (isWire(wire)) this.deliver(wire);
      else this.logger.warn({ context: 'live' }, 'ignored a malformed panel message from redis');
    });
    await this.redis.connect();
  }

  has(connection: object) {
    return this.members.has(connection);
  }

  /** A page joins its band's topic: it is told so, and where it is goes to its bandmates. */
  join(connection: object, joiner: PanelJoiner, at: string | null, send: (data: Buffer) => void) {
    const page = { key: randomUUID(), id: joiner.user.id, name: joiner.user.name };
    const member: Member = { send, band: joiner.band, page, at };
    this.members.set(connection, member);
    this.sendTo(member, { type: 'panel' });
    if (at) this.publish({ to: member.band, event: { type: 'here', page, at }, ask: true });
  }

  /** The page is now at another item's edit screen, or none. */
  move(connection: object, at: string | null) {
    const member = this.members.get(connection);
    if (!member || member.at === at) return;
    member.at = at;
    this.publish({ to: member.band, event: { type: 'here', page: member.page, at }, ask: at !== null });
  }

  /** The page's connection has ended. */
  leave(connection: object) {
    const member = this.members.get(connection);
    if (!member) return;
    this.members.delete(connection);
    if (member.at) this.publish({ to: member.band, event: { type: 'here', page: member.page, at: null } });
  }

  /**
   * Items of a list were added, changed or deleted (after the commit): the band's pages reload the
   * list, and so do the system admins'. `band` null: an item of no band (a user without one, a
   * band itself), which only system admins list.
   */
  changed(band: number | null, resource: PanelResource, ids: readonly number[]) {
    if (!PANEL_RESOURCES.includes(resource)) return;
    const to = band === null ? 'admin' : `band:${band}`;
    this.publish({ to, event: { type: 'changed', resource, ids: [...ids] } });
  }

  private publish(wire: Wire) {
    if (!this.redis) return this.deliver(wire);
    const message = JSON.stringify(wire);
    // Redis away: this process's own pages still hear it.
    void this.redis.publish(message).then((sent) => sent || this.deliver(wire));
  }

  private deliver(wire: Wire) {
    if (wire.event.type === 'changed') this.heardChange();
    const data = Buffer.from(JSON.stringify(wire.event));
    for (const member of this.members.values())
      if (member.band === wire.to || member.band === 'admin') this.sendSafely(member, data);
    if (wire.ask && wire.event.type === 'here') this.answer(wire.to, wire.event.page, wire.event.at);
  }

  /** A page came to `at`: this process's pages there that it may see say so again. */
  private answer(band: string, newcomer: PanelPage, at: string | null) {
    for (const member of this.members.values()) {
      if (member.at !== at || member.page.key === newcomer.key) continue;
      // A band's pages see their own band's; a system admin's page sees everyone's.
      if (band !== 'admin' && member.band !== band) continue;
      this.publish({ to: member.band, event: { type: 'here', page: member.page, at } });
    }
  }

  private sayAgain() {
    for (const member of this.members.values())
      if (member.at)
        this.publish({ to: member.band, event: { type: 'here', page: member.page, at: member.at } });
  }

  private sendTo(member: Member, event: PanelEvent) {
    this.sendSafely(member, Buffer.from(JSON.stringify(event)));
  }

  private sendSafely(member: Member, data: Buffer) {
    try {
      member.send(data);
    } catch (error) {
      this.logger.warn({ context: 'live', err: (error as Error).message }, 'a panel page failed a send');
    }
  }

  close() {
    clearInterval(this.again);
    this.redis?.close();
  }
}
