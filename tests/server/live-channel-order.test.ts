/**
 * The live channel when events come out of version order (through Redis, another process's commit
 * can overtake this one's) and when a gig's last subscriber leaves during a round. The channel is
 * driven directly with followers that record what they are sent: the transports are tested in
 * live-channel.test.ts and live-events.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { LiveChannel } from '../../src/server/live/channel';
import type { LiveFollower } from '../../src/server/live/follower';
import { FAN_OUT_CHUNK } from '../../src/server/live/fanout';

const GIG = 'gig-token-order';
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));
const turns = async (n: number) => {
  for (let i = 0; i < n; i++) await turn();
};
const change = (version: number) => ({ type: 'change', version });

/** A page: the versions of what it was sent, in order ('q' the snapshot's). */
class Page implements LiveFollower {
  got: string[] = [];
  send(events: readonly Buffer[]) {
    for (const event of events) {
      const { type, version } = JSON.parse(event.toString()) as { type: string; version: number };
      this.got.push(`${type === 'queue' ? 'q' : ''}${version}`);
    }
  }
  refuse() {}
  follow() {
    return true;
  }
  followed() {}
  unfollow() {}
  onClose() {}
  drop() {}
}

/** A channel whose snapshot reads answer `db.version`, each read held until `hold` resolves. */
function channel(db: { version: number; hold?: Promise<void> }) {
  const source = {
    async snapshot(gig: string) {
      const version = db.version;
      await db.hold;
      return { type: 'queue', gig, version };
    },
    async refusal() {
      return null;
    },
    async versions() {
      return new Map<string, number>();
    },
  };
  const logger = { warn() {}, error() {}, info() {} };
  return new LiveChannel(source, logger as never);
}

/**
 * More subscribed pages than one chunk of a round (a round takes two turns), version 2 published,
 * and the round's first chunk sent.
 */
async function midRound() {
  const live = channel({ version: 1 });
  const pages = Array.from({ length: FAN_OUT_CHUNK + 1 }, () => new Page());
  for (const page of pages) void live.subscribe(page, GIG);
  await turns(5);
  live.publish(GIG, change(2));
  await turn();
  return { live, pages };
}

describe('the live channel with events out of order', () => {
  it('never sends a page a version twice when a newer event overtook an older one mid-round', async () => {
    const { live, pages } = await midRound();
    live.publish(GIG, change(4)); // another process's 4 came through Redis before 3
    live.publish(GIG, change(3));
    await turn();
    live.publish(GIG, change(5));
    await turns(10);

    for (const page of pages) {
      const versions = page.got.slice(1);
      expect(new Set(versions).size, page.got.join(' ')).toBe(versions.length);
      expect([...versions].sort()).toEqual(['2', '3', '4', '5']);
    }
  });

  it('sends a shared snapshot with the events heard since its read in version order', async () => {
    let release!: () => void;
    const db = { version: 1, hold: new Promise<void>((resolve) => (release = resolve)) };
    const live = channel(db);
    const page = new Page();
    void live.subscribe(page, GIG);
    await turn();
    // Heard while the read is under way, 3 before 2: both are newer than the read.
    live.publish(GIG, change(3));
    live.publish(GIG, change(2));
    release();
    await turns(5);
    expect(page.got).toEqual(['q1', '2', '3']);
  });
});

describe("the live channel's fan-outs", () => {
  it("lets a gig's fan-out go when its last subscriber left during a round", async () => {
    const { live, pages } = await midRound();
    const internals = live as unknown as {
      leave(page: Page, gig: string): void;
      fanOuts: Map<string, unknown>;
    };
    for (const page of pages) internals.leave(page, GIG);
    expect(internals.fanOuts.size).toBe(1);
    await turns(5);
    expect(internals.fanOuts.size).toBe(0);
  });
});
