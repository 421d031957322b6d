/**
 * What the band page keeps on the tablet for a 300-song set with charts (issue 27, point 5), in
 * bytes as the Cache API holds them (bodies decoded). The code the page keeps (encore-assets,
 * encore-pages, the precache) does not grow with the set: it is read from a browser test's caches
 * (tests/e2e/offline-gig.spec.ts, summed per cache with caches.keys / match / arrayBuffer) and given
 * here as CODE_BYTES. What grows with the set is built here as the API answers it: one chart answer
 * per song (GET …/songs/{id}/chart, a ChordPro chart of CHART_BYTES), the set (GET …/setlist) and
 * the queue snapshot (GET /api/admin/live/{token}) with 20 waiting requests.
 *
 * Run: node --import tsx bench/offline-storage.ts [songs] [chart bytes]
 */
const SONGS = Number(process.argv[2] ?? 300);
const CHART_BYTES = Number(process.argv[3] ?? 2000);
/** Measured 2026-11-27 in the browser test: 21 built files (694,216 B), 2 pages, 5 precached icons. */
const CODE_BYTES = 694_216 + 999 + 13_031;

const verse = '[Am]Tiho noćas [F]moje zlato, [C]tiho spava [G]grad\n';
const chart = (n: number) => {
  let text = `{title: Pesma ${n}}\n{key: Am}\n{start_of_verse: Strofa}\n`;
  while (text.length < CHART_BYTES - 20) text += verse;
  return `${text}{end_of_verse}\n`.slice(0, CHART_BYTES);
};
const song = (n: number) => ({
  song_id: 1000 + n,
  naziv: `Pesma broj ${n}`,
  performer: 'Izvođač benda',
  tonalitet: 'Am',
  trajanje: 215,
  resource: null,
  resursi: null,
  chart: true,
});
const bytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value));

const charts = Array.from({ length: SONGS }, (_, n) =>
  bytes({
    song_id: 1000 + n,
    naziv: `Pesma broj ${n}`,
    performer: 'Izvođač benda',
    tonalitet: 'Am',
    tempo: 96,
    trajanje: 215,
    akordi: chart(n),
    keys: { band: { transpose: 2, capo: 0 }, gig: null },
    can_set_band: true,
  }),
).reduce((a, b) => a + b, 0);
const set = bytes({
  version: 3,
  current: null,
  slots: [],
  set: Array.from({ length: SONGS }, (_, n) => song(n)),
});
const queue = bytes({
  gig: {
    id: 1,
    naziv: 'Veče',
    lokacija: 'Beograd',
    pocetak: '2026-11-27T21:00',
    active: true,
    token: 'x'.repeat(32),
    band_naziv: 'Bend',
  },
  version: 40,
  queue: Array.from({ length: 20 }, (_, n) => ({
    song_id: 1000 + n,
    naziv: `Pesma broj ${n}`,
    performer: 'Izvođač benda',
    count: 2,
    first_at: '2026-11-27T21:05:00.000Z',
    last_at: '2026-11-27T21:20:00.000Z',
    resource: null,
    resursi: null,
    chart: true,
  })),
  messages: [],
  can_edit: true,
  notifications: true,
});
const kB = (n: number) => `${(n / 1024).toFixed(0)} kB`;
console.log(`songs ${SONGS}, chart ${CHART_BYTES} B each`);
console.log(`charts ${kB(charts)}, set ${kB(set)}, queue ${kB(queue)}, code ${kB(CODE_BYTES)}`);
console.log(
  `total ${kB(charts + set + queue + CODE_BYTES)} (${((charts + set + queue + CODE_BYTES) / 1024 / 1024).toFixed(2)} MB)`,
);
