import { foldForSearch } from '../../../shared/search';
import type { LiveQueueEntry } from '../../../shared/live-events';
import { followGig } from '../liveSocket';
import { type MyRequest, type PublicGig, RequestRefused, loadGig, loadMine, requestSong } from './api';
import { h } from './dom';
import './audience.css';

const STATUS_TEXT: Record<MyRequest['status'], string> = {
  waiting: 'Waiting',
  played: 'Played',
  declined: 'Declined',
};

const token = location.pathname.split('/').filter(Boolean)[1] ?? '';
const app = document.getElementById('app')!;

const state = {
  gig: undefined as PublicGig['gig'] | undefined,
  songs: [] as PublicGig['songs'],
  queue: [] as LiveQueueEntry[],
  mine: [] as MyRequest[],
  filter: '',
  notice: undefined as { text: string; kind: 'ok' | 'refused' } | undefined,
  sending: undefined as number | undefined,
  offline: false,
};

const when = (iso: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? iso
    : date.toLocaleString([], { weekday: 'short', hour: '2-digit', minute: '2-digit' });
};

// The sections are built once; render() refills them.
const notice = h('div', { class: 'notice', role: 'status', 'aria-live': 'polite' });
const mine = h('section', { 'aria-labelledby': 'mine-title', class: 'mine' });
const search = h('input', {
  id: 'song-search',
  type: 'search',
  placeholder: 'Song or performer',
  autocomplete: 'off',
  onInput: (event: Event) => {
    state.filter = (event.target as HTMLInputElement).value;
    renderSongs();
  },
});
const songList = h('ul', { class: 'songs', 'aria-label': 'Songs' });

function renderNotice() {
  notice.replaceChildren();
  notice.className = 'notice';
  if (state.offline) notice.append(h('p', { class: 'offline' }, 'Reconnecting…'));
  if (state.gig && !state.gig.active) {
    notice.append(h('p', { class: 'closed' }, 'Requests are closed for this gig right now.'));
  }
  if (state.notice) notice.append(h('p', { class: state.notice.kind }, state.notice.text));
}

function renderMine() {
  const next = state.queue[0];
  mine.replaceChildren(
    h('h2', { id: 'mine-title' }, 'Your requests'),
    next
      ? h(
          'p',
          { class: 'next' },
          'Up next: ',
          h('strong', {}, next.naziv),
          next.performer ? ` · ${next.performer}` : '',
        )
      : h('p', { class: 'next' }, 'Nothing in the queue yet.'),
    state.mine.length
      ? h(
          'ul',
          { class: 'my-requests' },
          ...state.mine.map((request) =>
            h(
              'li',
              {},
              h('span', {}, request.naziv),
              h('span', { class: `chip ${request.status}` }, STATUS_TEXT[request.status]),
            ),
          ),
        )
      : h('p', { class: 'hint' }, 'Tap a song below to ask the band for it.'),
  );
}

function renderSongs() {
  const words = foldForSearch(state.filter);
  const shown = state.songs.filter((song) =>
    foldForSearch(`${song.naziv} ${song.performer ?? ''}`).includes(words),
  );
  const closed = !state.gig?.active;
  songList.replaceChildren(
    ...shown.map((song) =>
      h(
        'li',
        {},
        h(
          'button',
          {
            type: 'button',
            disabled: closed || state.sending !== undefined,
            'aria-busy': state.sending === song.id ? 'true' : 'false',
            onClick: () => void ask(song.id),
          },
          h('span', { class: 'title' }, song.naziv),
          song.performer ? h('span', { class: 'performer' }, song.performer) : null,
        ),
      ),
    ),
  );
  if (!shown.length) songList.append(h('li', { class: 'hint' }, 'No song matches.'));
}

function render() {
  renderNotice();
  renderMine();
  renderSongs();
}

async function ask(songId: number) {
  if (state.sending !== undefined) return; // a double tap makes one request
  state.sending = songId;
  state.notice = undefined;
  render();
  try {
    const answer = await requestSong(token, songId);
    state.notice = { text: answer.message, kind: 'ok' };
    if (!state.mine.some((r) => r.id === answer.request.id)) state.mine.unshift(answer.request);
  } catch (error) {
    state.notice = { text: (error as Error).message, kind: 'refused' };
    if (error instanceof RequestRefused && error.reason === 'closed' && state.gig) state.gig.active = false;
  } finally {
    state.sending = undefined;
    render();
  }
}

async function refreshMine() {
  try {
    state.mine = await loadMine(token);
    renderMine();
  } catch {
    // The next event or reconnect tries again.
  }
}

async function start() {
  let data: PublicGig;
  try {
    data = await loadGig(token);
  } catch (error) {
    app.replaceChildren(h('h1', {}, 'Encore'), h('p', { class: 'refused' }, (error as Error).message));
    app.removeAttribute('aria-busy');
    return;
  }
  Object.assign(state, { gig: data.gig, songs: data.songs, queue: data.queue });
  document.title = `${data.gig.naziv} · ${data.gig.band.naziv}`;
  app.replaceChildren(
    h(
      'header',
      {},
      h('p', { class: 'band' }, data.gig.band.naziv),
      h('h1', {}, data.gig.naziv),
      h('p', { class: 'where' }, `${data.gig.lokacija} · ${when(data.gig.pocetak)}`),
    ),
    notice,
    mine,
    h('section', { class: 'pick' }, h('label', { for: 'song-search' }, 'Find a song'), search, songList),
  );
  app.removeAttribute('aria-busy');
  render();

  followGig(token, {
    onQueue(live, change) {
      state.queue = live.queue;
      if (state.gig) state.gig.active = live.active;
      if (change?.kind === 'played' || change?.kind === 'declined') {
        for (const request of state.mine)
          if (change.request_ids.includes(request.id)) request.status = change.kind;
      }
      render();
    },
    onResync: () => void refreshMine(),
    onConnection(online) {
      state.offline = !online;
      renderNotice();
    },
  });
}

void start();
