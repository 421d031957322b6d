// The band admins' heavy work of issue 23 (finding 5), for `npm run bench:live -- --admin-load`:
// BENCH_ADMINS admins, each sending one request after another until told to stop, in turn: a CSV
// preview of 5 MB of line breaks, one of a header and 5 MB of line breaks, one of 10,000 songs, and
// a 300-line setlist matched against the band's songs (BENCH_CATALOGUE of them). Every answer is
// expected to be what the server says to such a request (422 for the first two, 200 for the others).

const MB = 1024 * 1024;

interface Work {
  name: string;
  path: (playlist: number) => string;
  body: () => { type: string; data: Uint8Array<ArrayBuffer> };
  status: number;
}

function csv(text: string) {
  return () => {
    const boundary = `bench${Math.random().toString(16).slice(2)}`;
    const data = new TextEncoder().encode(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="songs.csv"\r\n` +
        `Content-Type: text/csv\r\n\r\n${text}\r\n--${boundary}--\r\n`,
    );
    return { type: `multipart/form-data; boundary=${boundary}`, data };
  };
}

const WORDS = ['ljubav', 'noć', 'Beograd', 'đurđevdan', 'čaša', 'vino', 'srce', 'ulica'];
const songs = Array.from(
  { length: 10_000 },
  (_, i) => `Nova pesma ${i} ${WORDS[i % WORDS.length]};Novi izvođač ${i % 300};da`,
);
// Lines like the catalogue's titles with a typo, and lines no title holds: the slowest kind.
const setlist = Array.from({ length: 300 }, (_, i) =>
  i % 2
    ? `${i}. Pesma ${i * 97} ${WORDS[i % WORDS.length]}x - Izvođač ${i}`
    : `${i}. Nepoznatica ${i} - Niko`,
).join('\n');

const PREVIEW = () => '/api/admin/songs/import/preview';
const WORK: Work[] = [
  { name: '5 MB of line breaks', path: PREVIEW, body: csv('\n'.repeat(5 * MB - 200)), status: 422 },
  {
    name: 'a header and 5 MB of line breaks',
    path: PREVIEW,
    body: csv(`title;performer\n${'\n'.repeat(5 * MB - 300)}`),
    status: 422,
  },
  {
    name: '10,000 songs',
    path: PREVIEW,
    body: csv(['title;performer;visible', ...songs].join('\r\n')),
    status: 200,
  },
  {
    name: '300-line setlist',
    path: (playlist) => `/api/admin/playlist/${playlist}/match-setlist`,
    body: () => ({
      type: 'application/json',
      data: new TextEncoder().encode(JSON.stringify({ text: setlist })),
    }),
    status: 200,
  },
];

export interface AdminLoadReport {
  /** Per kind of work: how many were answered, their answer times (ms, sorted), and failures. */
  kinds: { name: string; times: number[]; failed: string[] }[];
}

/**
 * Starts `admins` loops of WORK against the server at `base`; `stop()` lets each finish the request
 * it is on and answers what they saw.
 */
export function adminLoad(
  base: string,
  {
    token,
    playlist,
    cookie,
    xsrf,
    admins,
  }: { token: string; playlist: number; cookie: string; xsrf: string; admins: number },
) {
  const kinds = WORK.map((work) => ({ name: work.name, times: [] as number[], failed: [] as string[] }));
  const bodies = WORK.map((work) => work.body());
  let stopping = false;
  async function loop(first: number) {
    for (let i = first; !stopping; i++) {
      const at = i % WORK.length;
      const work = WORK[at];
      const started = performance.now();
      try {
        const response = await fetch(base + work.path(playlist), {
          method: 'POST',
          headers: {
            authorization: `Bearer ${token}`,
            cookie,
            'x-xsrf-token': xsrf,
            'content-type': bodies[at].type,
          },
          body: bodies[at].data,
        });
        const text = await response.text();
        if (response.status === work.status) kinds[at].times.push(performance.now() - started);
        else kinds[at].failed.push(`${response.status} ${text.slice(0, 200)}`);
      } catch (error) {
        kinds[at].failed.push(String(error));
      }
    }
  }
  // Each admin starts on a different kind, so that every kind runs beside the others.
  const loops = Array.from({ length: admins }, (_, n) => loop(n));
  return {
    async stop(): Promise<AdminLoadReport> {
      stopping = true;
      await Promise.all(loops);
      for (const kind of kinds) kind.times.sort((a, b) => a - b);
      return { kinds };
    },
  };
}
