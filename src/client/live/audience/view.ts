import type { LiveQueueEntry } from '../../../shared/live-events';
import { type QueuePace, waitOf } from '../../../shared/queue-wait';
import { formatStart, htmlLang, type Lang, LANGUAGES } from '../i18n';
import type { MyRequest, PublicGig } from './api';
import { h } from './dom';
import { matchingSongs } from './songSearch';
import { spotlight, texts, waitLine } from './texts';

/** What the audience page shows; the sections below are drawn from it. */
export interface AudienceState {
  lang: Lang;
  locale: string;
  gig?: PublicGig['gig'];
  songs: PublicGig['songs'];
  queue: LiveQueueEntry[];
  /** How the night goes, for the place and wait of the guest's waiting songs (issue 29). */
  pace?: QueuePace;
  mine: MyRequest[];
  filter: string;
  /** The answer to the guest's last tap, worded again when the language changes. */
  notice?: { say: (lang: Lang) => string; kind: 'ok' | 'refused' };
  sending?: number;
  /** The live channel is down (reconnecting). */
  offline: boolean;
  /** The browser's network (issue 27, point 5): 'back' for a while after it returns. */
  network: 'online' | 'offline' | 'back';
  /** Requests made without a network, kept on the phone until they can be sent. */
  unsent: { song_id: number; naziv: string }[];
  /** The last thing the band did with one of this guest's requests, heard live. */
  decided?: { kind: 'played' | 'declined'; song: string };
}

/** How many entries "Up next" lists. */
const UP_NEXT = 3;

/** The language switch: each language under its own name, the one in use pressed. */
function languagesView(state: AudienceState, onSwitch: (lang: Lang) => void) {
  return h(
    'div',
    { class: 'langs', role: 'group', 'aria-label': texts(state.lang).languages },
    ...LANGUAGES.map(({ lang, name }) =>
      h(
        'button',
        {
          type: 'button',
          class: 'lang',
          lang: htmlLang(lang),
          'aria-pressed': String(lang === state.lang),
          onClick: () => onSwitch(lang),
        },
        name,
      ),
    ),
  );
}

export function headerView(state: AudienceState, onSwitch: (lang: Lang) => void) {
  const gig = state.gig!;
  return [
    languagesView(state, onSwitch),
    h('p', { class: 'band' }, gig.band.naziv),
    h('h1', {}, gig.naziv),
    h('p', { class: 'where' }, `${gig.lokacija} · ${formatStart(gig.pocetak, state.locale)}`),
  ];
}

/** The guest's own waiting song at the head of the queue, if any. */
export function mineUpNext(state: AudienceState): LiveQueueEntry | undefined {
  const first = state.queue[0];
  if (!first) return undefined;
  const waiting = state.mine.some((r) => r.status === 'waiting' && r.song_id === first.song_id);
  return waiting ? first : undefined;
}

/** Said prominently: the guest's song is next, or the band just played or declined it. */
export function spotlightView(state: AudienceState) {
  const lines = [];
  const next = mineUpNext(state);
  if (next) lines.push(h('p', { class: 'next-up' }, spotlight(state.lang, 'next', next.naziv)));
  if (state.decided)
    lines.push(
      h('p', { class: state.decided.kind }, spotlight(state.lang, state.decided.kind, state.decided.song)),
    );
  return lines;
}

export function noticeView(state: AudienceState) {
  const t = texts(state.lang);
  return [
    state.network === 'offline'
      ? h('p', { class: 'offline' }, t.offline)
      : state.offline && h('p', { class: 'offline' }, t.reconnecting),
    state.network === 'back' && h('p', { class: 'ok' }, t.backOnline),
    state.gig && !state.gig.active && h('p', { class: 'closed' }, t.closed),
    state.notice && h('p', { class: state.notice.kind }, state.notice.say(state.lang)),
  ];
}

/** The queue's head, for everyone: kept apart from the guest's own requests. */
export function upNextView(state: AudienceState) {
  const t = texts(state.lang);
  const head = state.queue.slice(0, UP_NEXT);
  return [
    h('h2', { id: 'next-title' }, t.upNext),
    head.length
      ? h(
          'ol',
          { class: 'up-next' },
          ...head.map((entry) =>
            h(
              'li',
              {},
              h('strong', {}, entry.naziv),
              entry.performer ? h('span', { class: 'performer' }, ` · ${entry.performer}`) : null,
              entry.count > 1 ? h('span', { class: 'count' }, ` ×${entry.count}`) : null,
            ),
          ),
        )
      : h('p', { class: 'hint' }, t.nothingQueued),
  ];
}

/** Where the guest's waiting song stands and about when it comes (shared/queue-wait.ts). */
function standing(state: AudienceState, songId: number) {
  if (!state.gig || !state.pace) return null;
  const wait = waitOf(state.queue, { active: state.gig.active, pace: state.pace }, songId);
  return wait ? h('span', { class: 'standing' }, waitLine(state.lang, wait)) : null;
}

export function mineView(state: AudienceState) {
  const t = texts(state.lang);
  const paused = state.gig !== undefined && !state.gig.active;
  return [
    h('h2', { id: 'mine-title' }, t.mine),
    state.mine.length || state.unsent.length
      ? h(
          'ul',
          { class: 'my-requests' },
          // Those still on the phone first: the newest.
          ...state.unsent.map((request) =>
            h('li', {}, h('span', {}, request.naziv), h('span', { class: 'chip unsent' }, t.status.unsent)),
          ),
          ...state.mine.map((request) =>
            h(
              'li',
              {},
              h('span', {}, request.naziv),
              h('span', { class: `chip ${request.status}` }, t.status[request.status]),
              request.status === 'waiting' ? standing(state, request.song_id) : null,
            ),
          ),
        )
      : null,
    // While requests are paused the page says so instead of inviting a tap that would be refused.
    paused
      ? h('p', { class: 'hint' }, t.pausedHint)
      : state.mine.length || state.unsent.length
        ? null
        : h('p', { class: 'hint' }, t.tapHint),
  ];
}

export function songsView(state: AudienceState, onAsk: (songId: number) => void) {
  const t = texts(state.lang);
  const shown = matchingSongs(state.songs, state.filter);
  const closed = !state.gig?.active;
  const queued = new Map(state.queue.map((entry) => [entry.song_id, entry.count]));
  const items = shown.map((song) => {
    const count = queued.get(song.id);
    return h(
      'li',
      {},
      h(
        'button',
        {
          type: 'button',
          disabled: closed || state.sending !== undefined,
          'aria-busy': state.sending === song.id ? 'true' : 'false',
          onClick: () => onAsk(song.id),
        },
        h('span', { class: 'title' }, song.naziv),
        song.performer ? h('span', { class: 'performer' }, song.performer) : null,
        count ? h('span', { class: 'queued' }, `${t.inQueue} · ${count}`) : null,
      ),
    );
  });
  return items.length ? items : [h('li', { class: 'hint' }, t.noMatch)];
}
