import type { LiveQueueEntry, QueueChange } from '../../../shared/live-events';
import { type QueuePace, queueWaits } from '../../../shared/queue-wait';
import { h } from '../audience/dom';
import { currentLanguage, dateLocale, browserLanguages, formatStart, htmlLang } from '../i18n';
import { followGig } from '../liveSocket';
import { screenTexts } from './texts';
import '../live.css';
import './screen.css';

/**
 * The venue screen, /screen/<token> (issue 13, point 2): for a projector or TV, the gig, its QR code
 * and link, up next (the next few with about when they come, issue 29), just played and tonight's
 * most requested songs, live. Nothing on it tells the guests apart. Read from across a room: big
 * type, few words.
 */
interface ScreenData {
  gig: { naziv: string; lokacija: string; pocetak: string; active: boolean; band: { naziv: string } };
  link: string;
  queue: LiveQueueEntry[];
  pace: QueuePace;
  played: { song_id: number; naziv: string; performer: string | null; at: string }[];
  top: { song_id: number; naziv: string; performer: string | null; count: number }[];
}

/** How many of up next say about when they come: the room reads the near ones, not a timetable. */
const WAITS_SHOWN = 3;

const token = location.pathname.split('/').filter(Boolean)[1] ?? '';
const root = document.getElementById('screen')!;
const lang = currentLanguage();
const locale = dateLocale(lang, browserLanguages());
const t = screenTexts(lang);
document.documentElement.lang = htmlLang(lang);

let data: ScreenData | undefined;
let online = false;

const song = (entry: { naziv: string; performer: string | null }) =>
  h(
    'span',
    { class: 'song' },
    entry.naziv,
    entry.performer ? h('span', { class: 'by' }, ` · ${entry.performer}`) : null,
  );

/** The link, free to wrap after each slash: on a narrow screen the band's slug moves down whole. */
const breakable = (link: string) =>
  link.split(/(?<=\/)/).flatMap((part, i) => (i ? [h('wbr'), part] : [part]));

function render() {
  if (!data) return;
  const { gig } = data;
  const upNext = data.queue.slice(0, 5);
  // The same estimate as the guests' phones and the band page (shared/queue-wait.ts); while requests
  // are paused the screen says so already, and out of turn it says why there is none.
  const waits = queueWaits(upNext.slice(0, WAITS_SHOWN), { active: gig.active, pace: data.pace });
  const outOfTurn = gig.active && data.pace.out_of_turn && upNext.length > 1;
  root.replaceChildren(
    h(
      'header',
      {},
      h('p', { class: 'band' }, gig.band.naziv),
      h('h1', {}, gig.naziv),
      h('p', { class: 'where' }, `${gig.lokacija} · ${formatStart(gig.pocetak, locale)}`),
      online ? null : h('p', { class: 'status', role: 'status' }, t.reconnecting),
    ),
    h(
      'section',
      { class: 'join', 'aria-label': t.scan },
      // The link in the address, so that a new link (the gig paused or resumed) is a new image.
      h('img', {
        src: `/api/public/gig/${token}/qr.png?link=${encodeURIComponent(data.link)}`,
        alt: data.link,
      }),
      h('p', { class: 'scan' }, gig.active ? t.scan : t.paused),
      h('p', { class: 'link' }, ...breakable(data.link.replace(/^https?:\/\//, ''))),
    ),
    h(
      'section',
      { class: 'next', 'aria-labelledby': 'next-title' },
      h('h2', { id: 'next-title' }, t.upNext),
      outOfTurn ? h('p', { class: 'note' }, t.outOfTurn) : null,
      upNext.length
        ? h(
            'ol',
            {},
            ...upNext.map((entry, i) => {
              const wait = waits[i];
              return h(
                'li',
                {},
                song(entry),
                entry.count > 1 ? h('span', { class: 'count' }, `×${entry.count}`) : null,
                wait?.kind === 'about' ? h('span', { class: 'wait' }, t.inAbout(wait.minutes)) : null,
              );
            }),
          )
        : h('p', { class: 'empty' }, t.nothingQueued),
    ),
    h(
      'section',
      { class: 'played', 'aria-labelledby': 'played-title' },
      h('h2', { id: 'played-title' }, t.justPlayed),
      h('ul', {}, ...data.played.map((entry) => h('li', {}, song(entry)))),
    ),
    h(
      'section',
      { class: 'top', 'aria-labelledby': 'top-title' },
      h('h2', { id: 'top-title' }, t.top),
      h(
        'ol',
        {},
        ...data.top.map((entry) =>
          h('li', {}, song(entry), h('span', { class: 'count' }, t.requests(entry.count))),
        ),
      ),
    ),
  );
}

let loading: Promise<void> | undefined;
let again = false;

/** The whole screen from the API; changes that arrive meanwhile load it once more afterwards. */
function load() {
  if (loading) {
    again = true;
    return loading;
  }
  loading = (async () => {
    try {
      const response = await fetch(`/api/public/gig/${token}/screen`, {
        headers: { accept: 'application/json' },
      });
      if (response.status === 404) {
        root.replaceChildren(h('p', { class: 'empty' }, t.noGig));
        return;
      }
      if (response.ok) data = (await response.json()) as ScreenData;
      render();
    } catch {
      // The next change or reconnect tries again.
    } finally {
      root.removeAttribute('aria-busy');
      loading = undefined;
      if (again) {
        again = false;
        void load();
      }
    }
  })();
  return loading;
}

const READ_AGAIN_ON = new Set<QueueChange['kind']>(['requested', 'played', 'declined']);

void load().then(() =>
  followGig(token, {
    onQueue(live, change) {
      if (data) {
        data.queue = live.queue;
        data.gig.active = live.active;
        if (live.pace) data.pace = live.pace;
      }
      render();
      // Just played and the most requested change with requests and decisions: read them again.
      if (change && READ_AGAIN_ON.has(change.kind)) void load();
    },
    onResync: () => void load(),
    onConnection(isOnline) {
      online = isOnline;
      render();
    },
  }),
);
