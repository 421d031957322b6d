import { browserLanguages, currentLanguage, dateLocale, htmlLang, type Lang, storeLanguage } from '../i18n';
import { followGig } from '../liveSocket';
import { type PublicGig, RequestRefused, loadGig, loadMine, reportSearchMiss, requestSong } from './api';
import { h } from './dom';
import { MAX_MESSAGE } from '../../../shared/message-rules';
import { searchMissReporter } from './songSearch';
import { accepted, messageProblem, refusal, texts } from './texts';
import {
  type AudienceState,
  headerView,
  mineUpNext,
  mineView,
  noticeView,
  songsView,
  spotlightView,
  upNextView,
} from './view';
import '../live.css';
import './audience.css';

const token = location.pathname.split('/').filter(Boolean)[1] ?? '';
const app = document.getElementById('app')!;

const state: AudienceState = {
  lang: currentLanguage(),
  locale: '',
  songs: [],
  queue: [],
  mine: [],
  filter: '',
  offline: false,
};
state.locale = dateLocale(state.lang, browserLanguages());

// The sections are built once; render() refills them.
const header = h('header');
const spotlightBox = h('div', { class: 'spotlight', role: 'status', 'aria-live': 'assertive' });
const notice = h('div', { class: 'notice', role: 'status', 'aria-live': 'polite' });
const upNext = h('section', { 'aria-labelledby': 'next-title', class: 'queue-head' });
const mine = h('section', { 'aria-labelledby': 'mine-title', class: 'mine' });
const searchLabel = h('label', { for: 'song-search' });
const noteSearchMiss = searchMissReporter((q) => reportSearchMiss(token, q));
const search = h('input', {
  id: 'song-search',
  type: 'search',
  autocomplete: 'off',
  onInput: (event: Event) => {
    state.filter = (event.target as HTMLInputElement).value;
    renderSongs();
    noteSearchMiss(state.songs, state.filter);
  },
});
const songList = h('ul', { class: 'songs' });
// The message for the band, when the gig takes them: sent with the next request, then cleared.
const messageLabel = h('label', { for: 'song-message' });
const messageHint = h('p', { id: 'song-message-hint', class: 'hint', 'aria-live': 'polite' });
const messageInput = h('textarea', {
  id: 'song-message',
  rows: '2',
  maxlength: String(MAX_MESSAGE),
  'aria-describedby': 'song-message-hint',
  onInput: () => renderMessage(),
});
const messageBox = h('div', { class: 'message' }, messageLabel, messageInput, messageHint);

function renderMessage() {
  const t = texts(state.lang);
  messageBox.hidden = !state.gig?.allow_messages;
  messageLabel.textContent = t.message;
  const problem = messageProblem(state.lang, messageInput.value);
  messageHint.textContent = problem ?? t.messageHint;
  messageHint.classList.toggle('problem', problem !== undefined);
}

const present = (nodes: (Node | null | undefined | false)[]) => nodes.filter((node): node is Node => !!node);

/** Vibrates once when the guest's song reaches the head of the queue or is played. */
let announcedNext: number | undefined;
const buzz = () => navigator.vibrate?.([200, 100, 200]);

function renderSpotlight() {
  const next = mineUpNext(state)?.song_id;
  if (next !== undefined && next !== announcedNext) buzz();
  announcedNext = next;
  spotlightBox.replaceChildren(...spotlightView(state));
}

function renderSongs() {
  songList.replaceChildren(...songsView(state, (songId) => void ask(songId)));
}

function render() {
  const t = texts(state.lang);
  header.replaceChildren(...headerView(state, switchLanguage));
  renderSpotlight();
  notice.replaceChildren(...present(noticeView(state)));
  upNext.replaceChildren(...upNextView(state));
  mine.replaceChildren(...present(mineView(state)));
  searchLabel.textContent = t.find;
  search.placeholder = t.findPlaceholder;
  songList.setAttribute('aria-label', t.songs);
  renderMessage();
  renderSongs();
}

function switchLanguage(lang: Lang) {
  setLanguage(lang);
  storeLanguage(lang);
  render();
  // The switch is rebuilt in the new language: keep the focus on the button pressed.
  header.querySelector<HTMLButtonElement>('.lang[aria-pressed="true"]')?.focus();
}

function setLanguage(lang: Lang) {
  state.lang = lang;
  state.locale = dateLocale(lang, browserLanguages());
  document.documentElement.lang = htmlLang(lang);
}

async function ask(songId: number) {
  if (state.sending !== undefined) return; // a double tap makes one request
  const song = state.songs.find((s) => s.id === songId)?.naziv ?? '';
  const message = state.gig?.allow_messages ? messageInput.value.trim() : '';
  const problem = message ? messageProblem(state.lang, message) : undefined;
  if (problem) {
    state.notice = { say: (lang) => messageProblem(lang, message) ?? problem, kind: 'refused' };
    render();
    messageInput.focus();
    return;
  }
  state.sending = songId;
  state.notice = undefined;
  render();
  try {
    const answer = await requestSong(token, songId, message || undefined);
    state.notice = { say: (lang) => accepted(lang, song, answer), kind: 'ok' };
    // Sent with this request (a double tap's answer keeps the first request as it was).
    if (!answer.duplicate) messageInput.value = '';
    if (!state.mine.some((r) => r.id === answer.request.id)) state.mine.unshift(answer.request);
  } catch (error) {
    const problem = error instanceof RequestRefused ? error.problem : { message: (error as Error).message };
    state.notice = { say: (lang) => refusal(lang, song, problem), kind: 'refused' };
    if (problem.reason === 'closed' && state.gig) state.gig.active = false;
  } finally {
    state.sending = undefined;
    render();
  }
}

async function refreshMine() {
  try {
    state.mine = await loadMine(token);
    render();
  } catch {
    // The next event or reconnect tries again.
  }
}

function failed(error: unknown) {
  const problem = error instanceof RequestRefused ? error.problem : undefined;
  const t = texts(state.lang);
  const text =
    problem?.status === 404
      ? t.noGig
      : problem?.reason === 'offline'
        ? t.noConnection
        : (problem?.message ?? t.noConnection);
  app.replaceChildren(h('h1', {}, 'Encore'), h('p', { class: 'refused' }, text));
  app.removeAttribute('aria-busy');
}

async function start() {
  setLanguage(state.lang);
  app.querySelector('.loading')?.replaceChildren(texts(state.lang).loading);
  let data: PublicGig;
  try {
    data = await loadGig(token);
  } catch (error) {
    failed(error);
    return;
  }
  Object.assign(state, { gig: data.gig, songs: data.songs, queue: data.queue });
  document.title = `${data.gig.naziv} · ${data.gig.band.naziv}`;
  app.replaceChildren(
    header,
    spotlightBox,
    notice,
    upNext,
    mine,
    h('section', { class: 'pick' }, messageBox, searchLabel, search, songList),
  );
  app.removeAttribute('aria-busy');
  render();

  followGig(token, {
    onQueue(live, change) {
      state.queue = live.queue;
      if (state.gig) state.gig.active = live.active;
      if (change?.kind === 'played' || change?.kind === 'declined') {
        for (const request of state.mine)
          if (change.request_ids.includes(request.id)) {
            request.status = change.kind;
            state.decided = { kind: change.kind, song: request.naziv };
            if (change.kind === 'played') buzz();
          }
      }
      render();
    },
    onResync: () => void refreshMine(),
    onConnection(online) {
      state.offline = !online;
      render();
    },
  });
}

void start();
