import { browserLanguages, currentLanguage, dateLocale, htmlLang, type Lang, storeLanguage } from '../i18n';
import { followGig } from '../liveSocket';
import { type PublicGig, RequestRefused, loadGig, loadMine, reportSearchMiss, requestSong } from './api';
import { h } from './dom';
import { MAX_MESSAGE } from '../../../shared/message-rules';
import { searchMissReporter } from './songSearch';
import { accepted, keptOffline, messageProblem, refusal, texts } from './texts';
import { createOutbox, createRetry, NoNetwork, watchNetwork } from '../offline/outbox';
import { keepPageOffline } from '../offline/serviceWorker';
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
  network: navigator.onLine ? 'online' : 'offline',
  unsent: [],
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
    if (problem.reason === 'offline') {
      keepForLater({ song_id: songId, naziv: song, message: message || undefined });
      messageInput.value = '';
    } else {
      state.notice = { say: (lang) => refusal(lang, song, problem), kind: 'refused' };
      if (problem.reason === 'closed' && state.gig) state.gig.active = false;
    }
  } finally {
    state.sending = undefined;
    render();
  }
}

/** A request made without a network (issue 27, point 5): kept on the phone, sent when it can be. */
interface Unsent {
  song_id: number;
  naziv: string;
  message?: string;
}

const outbox = createOutbox<Unsent>(`encore-guest-outbox:${token}`);
state.unsent = outbox.items().reverse();

function keepForLater(request: Unsent) {
  // A second tap on a song already kept keeps it once.
  if (!outbox.items().some((kept) => kept.song_id === request.song_id)) outbox.add(request);
  state.unsent = outbox.items().reverse();
  state.network = 'offline';
  state.notice = { say: (lang) => keptOffline(lang, request.naziv), kind: 'ok' };
  // The browser says it is online but the server did not answer: try again on a timer too.
  if (navigator.onLine) retry.schedule();
}

/** Sends the kept requests, oldest first; the server's rules decide each, and the page says what. */
async function sendKept() {
  if (!outbox.items().length) return;
  const said: ((lang: Lang) => string)[] = [];
  let refused = false;
  const { sent } = await outbox.flush(async (request) => {
    try {
      const answer = await requestSong(token, request.song_id, request.message);
      said.push((lang) => accepted(lang, request.naziv, answer));
      if (!state.mine.some((r) => r.id === answer.request.id)) state.mine.unshift(answer.request);
    } catch (error) {
      const problem = error instanceof RequestRefused ? error.problem : { message: (error as Error).message };
      if (problem.reason === 'offline') throw new NoNetwork(problem.message);
      said.push((lang) => refusal(lang, request.naziv, problem));
      refused = true;
      throw error;
    }
  });
  state.unsent = outbox.items().reverse();
  if (outbox.items().length && navigator.onLine) retry.schedule();
  else retry.stop();
  // The server answered: whatever the page said of the network, it is back.
  if (said.length && state.network === 'offline') showBack();
  if (said.length) {
    state.notice = {
      say: (lang) => said.map((line) => line(lang)).join(' '),
      kind: refused ? 'refused' : 'ok',
    };
  }
  if (sent.length || said.length) render();
}

const retry = createRetry(() => void sendKept());

let backTimer: ReturnType<typeof setTimeout> | undefined;

/** The network came back (the browser says so, or the live channel connected): say so, and send. */
function networkBack() {
  if (state.network === 'offline') showBack();
  render();
  void sendKept();
}

/** "Back online." stays for a while, then goes. */
function showBack() {
  state.network = 'back';
  clearTimeout(backTimer);
  backTimer = setTimeout(() => {
    state.network = 'online';
    render();
  }, 8000);
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
  Object.assign(state, { gig: data.gig, songs: data.songs, queue: data.queue, pace: data.pace });
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
      state.pace = live.pace ?? state.pace;
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
      if (online) networkBack();
      else render();
    },
  });

  watchNetwork((up) => {
    if (up) return networkBack();
    state.network = 'offline';
    render();
  });
  // Kept on the device for the next time the phone has no network: the page, its code, and (read
  // again through the service worker) the gig and this phone's requests.
  void keepPageOffline().then((kept) => {
    if (kept) void Promise.all([loadGig(token), loadMine(token)]).catch(() => undefined);
  });
  if (navigator.onLine) void sendKept();
}

void start();
