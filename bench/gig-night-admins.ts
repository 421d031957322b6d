// The band's admins on a gig night (issue 25, point 2), for `npm run bench:live -- --gig-night`:
// BENCH_SEARCHERS admins each searching the songs list as a person types and scrolls (a common word's
// prefixes, its first pages, the three ownership filters), and one admin importing a 5,000-row CSV of
// new songs again and again. A searcher asks again `pauseMs` after an answer: the panel's search box
// sends nothing until typing pauses for 500 ms (react-admin's debounce), and a page is read before
// the next; 0 asks one request after another, as fast as the server answers (a stress, not a night).
// Every answer must be a 200.
import type { AdminLoadReport } from './admin-load.js';

const WORDS = ['ljubav', 'srce', 'beograd', 'noc', 'pesma', 'sa', 'ulica', 'vino'];
/** What a search box sends while a word is typed (it waits for a pause): 2, 3, 4 letters, whole. */
const TYPED = WORDS.flatMap((word) => [...new Set([2, 3, 4, word.length].map((n) => word.slice(0, n)))]);
const IMPORT_ROWS = 5000;

/** Every search a searcher makes, in the order it makes them: each typed text, its first 3 pages. */
const SEARCHES = TYPED.flatMap((q) =>
  [1, 2, 3].flatMap((o) =>
    [0, 1, 2].map((pg) => `/api/admin/songs?o=${o}&q=${encodeURIComponent(q)}&pg=${pg}`),
  ),
);

function importForm(round: number) {
  const rows = Array.from(
    { length: IMPORT_ROWS },
    (_, i) => `Uvoz ${round} pesma ${i} ${WORDS[i % WORDS.length]};Uvezeni izvođač ${i % 200};da`,
  );
  const boundary = `bench${Math.random().toString(16).slice(2)}`;
  const data = new TextEncoder().encode(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="songs.csv"\r\n` +
      `Content-Type: text/csv\r\n\r\n${['title;performer;visible', ...rows].join('\r\n')}\r\n--${boundary}--\r\n`,
  );
  return { type: `multipart/form-data; boundary=${boundary}`, data };
}

/**
 * Starts the searchers and the importer against the server at `base`; `stop()` lets each finish the
 * request it is on and answers what they saw.
 */
export function gigNightAdmins(
  base: string,
  {
    token,
    cookie,
    xsrf,
    searchers,
    importers,
    pauseMs,
  }: { token: string; cookie: string; xsrf: string; searchers: number; importers: number; pauseMs: number },
) {
  const kinds = [
    { name: 'a search page (typed, scrolled)', times: [] as number[], failed: [] as string[] },
    {
      name: `an import of ${IMPORT_ROWS.toLocaleString('en')} new songs`,
      times: [] as number[],
      failed: [] as string[],
    },
  ];
  const headers = { authorization: `Bearer ${token}`, cookie, 'x-xsrf-token': xsrf };
  let stopping = false;

  async function timed(kind: number, request: () => Promise<Response>) {
    const started = performance.now();
    try {
      const response = await request();
      const text = await response.text();
      if (response.status === 200) kinds[kind].times.push(performance.now() - started);
      else kinds[kind].failed.push(`${response.status} ${text.slice(0, 200)}`);
    } catch (error) {
      kinds[kind].failed.push(String(error));
    }
  }

  async function search(first: number) {
    for (let i = first; !stopping; i++) {
      await timed(0, () => fetch(base + SEARCHES[i % SEARCHES.length], { headers }));
      if (pauseMs) await new Promise((resolve) => setTimeout(resolve, pauseMs));
    }
  }

  async function importer() {
    for (let round = 0; !stopping; round++) {
      const form = importForm(round);
      await timed(1, () =>
        fetch(`${base}/api/admin/songs/import`, {
          method: 'POST',
          headers: { ...headers, 'content-type': form.type },
          body: form.data,
        }),
      );
    }
  }

  // Each searcher starts elsewhere in the list, so that they do not ask for the same pages together.
  const loops = [
    ...Array.from({ length: searchers }, (_, n) => search(Math.floor((n * SEARCHES.length) / searchers))),
    ...Array.from({ length: importers }, () => importer()),
  ];
  return {
    async stop(): Promise<AdminLoadReport> {
      stopping = true;
      await Promise.all(loops);
      for (const kind of kinds) kind.times.sort((a, b) => a - b);
      return { kinds };
    },
  };
}
