/**
 * The kept figure of a band's songs that name another band's performer (migration 0027), by which a
 * band's search skips the walk of its songs (songs.ts `namesOthers`): it follows every write path
 * (rows written straight, the song routes, a performer's delete and restore) exactly, and where a
 * foreign key clears a song's performer (another band deleted) it may stay above, never below: a
 * band's search still finds every song it must.
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import { PAGE_SIZE } from '../../src/shared/constants.js';
import { buildTestApp, call, createBand, type TestApp } from './helpers.js';
import { insertPerformer, postForm, seedPeople, type People } from './fixtures.js';

let t: TestApp;
let people: People;

beforeEach(async () => {
  t = await buildTestApp();
  people = await seedPeople(t.app);
});
afterEach(() => t.close());

/** The figure kept for a band (no row: 0). */
async function kept(band: number) {
  const row = await t.app.db
    .selectFrom('songs_naming_others')
    .select('songs')
    .where('band_id', '=', band)
    .executeTakeFirst();
  return Number(row?.songs ?? 0);
}

/** The band's songs that do name another band's performer, counted from the rows. */
async function counted(band: number) {
  const row = await t.app.db
    .selectFrom('songs')
    .innerJoin('performers', 'performers.id', 'songs.performer_id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('songs.band_id', '=', band)
    .whereRef('performers.band_id', '<>', 'songs.band_id')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

const figures = async () => {
  const { bandA, bandB } = people;
  return {
    kept: [await kept(bandA), await kept(bandB)],
    counted: [await counted(bandA), await counted(bandB)],
  };
};

async function addSongs(band: number, performer: number, names: string[]) {
  const rows = await t.app.db
    .insertInto('songs')
    .values(
      names.map((naziv) => ({
        band_id: band,
        created_by: null,
        naziv,
        search: naziv.toLowerCase(),
        performer_id: performer,
        visibility: 0,
        slika: null,
        resursi: null,
        resource_file: null,
        created_at: '2026-01-01T00:00:00.000Z',
      })),
    )
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}

const ok = async <R extends { statusCode: number; body: string }>(response: Promise<R>) => {
  const answer = await response;
  expect(answer.statusCode, answer.body).toBe(200);
  return answer;
};

const updateSong = (id: number, title: string, performer: number | '') =>
  ok(
    postForm(
      t.app,
      `/api/admin/song/${id}/update`,
      { title, performer: String(performer), visible: '0' },
      { token: people.tokens.owner },
    ),
  );

/**
 * What band A's owner finds for a word over "all": its total, and the titles other than the band's
 * `Ljubav` ones (more of those than the few matches' shortcut reads whole: the general way, whose
 * count and walk narrow the band's own part by its own performers while the figure is 0).
 */
async function found(q: string) {
  const titles: string[] = [];
  for (let pg = 0; ; pg++) {
    const answer = await ok(
      call(t.app, 'GET', `/api/admin/songs?pg=${pg}&o=1&q=${q}`, { token: people.tokens.owner }),
    );
    const { data, total } = answer.json() as { data: { naziv: string }[]; total: number };
    titles.push(...data.map((row) => row.naziv));
    if (data.length < PAGE_SIZE)
      return { total, others: titles.filter((naziv) => !naziv.startsWith('Ljubav')) };
  }
}

it('follows a band’s songs that name another band’s performer through every write', async () => {
  const { bandA, bandB } = people;
  const own = await insertPerformer(t.app, bandA, 'Marko', 0);
  const theirs = await insertPerformer(t.app, bandB, 'Ljuba', 1);
  const theirsToo = await insertPerformer(t.app, bandB, 'Zorana', 1);
  expect(await figures()).toEqual({ kept: [0, 0], counted: [0, 0] });

  // Rows written in one statement (an import's way): counted together.
  const [first, second] = await addSongs(bandA, theirs, ['Prva', 'Druga', 'Treca']);
  await addSongs(bandA, own, ['Cetvrta', 'Peta']);
  await addSongs(bandB, theirs, ['Njihova']);
  expect(await figures()).toEqual({ kept: [3, 0], counted: [3, 0] });

  // Through the song route: to the band's own performer, from one other band's performer to
  // another, back to another band's.
  await updateSong(first, 'Prva', own);
  await updateSong(second, 'Druga', theirsToo);
  expect(await figures()).toEqual({ kept: [2, 0], counted: [2, 0] });
  await updateSong(first, 'Prva', theirs);
  expect(await figures()).toEqual({ kept: [3, 0], counted: [3, 0] });

  // A song deleted, then restored from the trash.
  await ok(call(t.app, 'GET', `/api/admin/song/${first}/delete`, { token: people.tokens.owner }));
  expect(await figures()).toEqual({ kept: [2, 0], counted: [2, 0] });
  await ok(call(t.app, 'POST', `/api/admin/trash/song/${first}/restore`, { token: people.tokens.owner }));
  expect(await figures()).toEqual({ kept: [3, 0], counted: [3, 0] });

  // The other band deletes its performer: band A's song loses it; restored, it has it again.
  await ok(
    call(t.app, 'GET', `/api/admin/performer/${theirsToo}/delete?force=1`, { token: people.tokens.outsider }),
  );
  expect(await figures()).toEqual({ kept: [2, 0], counted: [2, 0] });
  await ok(
    call(t.app, 'POST', `/api/admin/trash/performer/${theirsToo}/restore`, { token: people.tokens.outsider }),
  );
  expect(await figures()).toEqual({ kept: [3, 0], counted: [3, 0] });
  expect(await found('zoran')).toEqual({ total: 1, others: ['Druga'] });
});

it('stays above, never below, when another band is deleted, and the band’s search finds what it must', async () => {
  const { bandA, bandB } = people;
  const own = await insertPerformer(t.app, bandA, 'Ljubo', 0);
  const theirs = await insertPerformer(t.app, bandB, 'Ljuba', 1);
  // Written straight to the tables: each read counts afresh.
  t.app.listCache.enabled = false;
  await addSongs(bandA, theirs, ['Prva']);
  await addSongs(bandA, own, ['Druga']);
  await addSongs(
    bandA,
    own,
    Array.from({ length: 110 }, (_, i) => `Ljubav ${i}`),
  );
  await ok(call(t.app, 'DELETE', `/api/admin/deleteband/${bandB}?cascade=1`, { token: people.tokens.admin }));
  const after = await figures();
  expect(after.counted[0]).toBe(0);
  expect(after.kept[0]).toBeGreaterThanOrEqual(after.counted[0]);
  expect(await found('ljub')).toEqual({ total: 111, others: ['Druga'] });

  // A song of band A that names another band's performer again is found at once.
  const bandC = await createBand(t.app, 'Band C');
  const theirsNow = await insertPerformer(t.app, bandC, 'Ljubica', 1);
  await addSongs(bandA, theirsNow, ['Treca']);
  expect(await kept(bandA)).toBeGreaterThanOrEqual(await counted(bandA));
  expect(await found('ljub')).toEqual({ total: 112, others: ['Druga', 'Treca'] });
});
