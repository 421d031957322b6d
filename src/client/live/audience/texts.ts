import { ADDRESS_MAX_PER_WAITING_SONG } from '../../../shared/constants';
import { looksLikeLink, MAX_MESSAGE, normalizeMessage } from '../../../shared/message-rules';
import { cyrillicTree, keep } from '../../../shared/cyrillic';
import { inScript, type Lang, plural } from '../i18n';
import type { Wait } from '../../../shared/queue-wait';

/** A refusal or failure as the API answers it (DESIGN §4), for the guest's language. */
export interface Problem {
  message: string;
  status?: number;
  reason?: string;
  wait_seconds?: number;
  songs_needed?: number;
  /** The sentence's values (the performer of a same_performer refusal). */
  params?: { performer?: string };
  /** The sentence's code (shared/server-messages.ts): what the reason does not say. */
  code?: string;
  errors?: Record<string, string[]>;
}

/** A song's name in quotes, as each language writes them; kept as written in Cyrillic too. */
const q = (lang: Lang, song: string) => (lang === 'en' ? `“${song}”` : `„${keep(song)}“`);

const EN = {
  loading: 'Loading the gig…',
  languages: 'Language',
  upNext: 'Up next',
  nothingQueued: 'Nothing in the queue yet.',
  mine: 'Your requests',
  tapHint: 'Tap a song below to ask the band for it.',
  pausedHint: 'Requests are paused. You can ask for a song once the band opens them again.',
  closed: 'Requests are closed for this gig right now.',
  reconnecting: 'Reconnecting…',
  // Issue 27, point 5: the phone without the network.
  offline:
    'You are offline. The page shows what it last loaded; a song you ask for now is kept on this phone and sent when the connection is back.',
  backOnline: 'Back online.',
  find: 'Find a song',
  findPlaceholder: 'Song or performer',
  noMatch: 'No song matches.',
  songs: 'Songs',
  inQueue: 'In the queue',
  message: 'Message to the band (optional)',
  messageHint: 'Sent with your next request; only the band sees it. No links.',
  status: { waiting: 'Waiting', played: 'Played', declined: 'Declined', unsent: 'Not sent yet' },
  noConnection: 'No connection. Check your signal and try again.',
  failed: (status: number) => `Something went wrong (HTTP ${status}).`,
  noGig: 'There is no gig at this address. Check the link or scan the code again.',
  bandLink: {
    noGigNow: 'The band is not taking requests right now.',
    next: 'Next gig',
    none: 'No gig is planned yet.',
  },
};

type Texts = typeof EN;

const SR: Texts = {
  loading: 'Učitavam svirku…',
  languages: 'Jezik',
  upNext: 'Sledeće na redu',
  nothingQueued: 'Još nema zahteva u redu.',
  mine: 'Vaši zahtevi',
  tapHint: 'Dodirnite pesmu ispod da je zatražite od benda.',
  pausedHint: 'Zahtevi su pauzirani. Pesmu možete zatražiti kad ih bend ponovo otvori.',
  closed: 'Zahtevi za ovu svirku su trenutno zatvoreni.',
  reconnecting: 'Ponovo se povezujem…',
  offline:
    'Niste na mreži. Stranica prikazuje ono što je poslednje učitala; pesma koju sada zatražite čuva se na ovom telefonu i šalje se kad se veza vrati.',
  backOnline: 'Ponovo ste na mreži.',
  find: 'Pronađite pesmu',
  findPlaceholder: 'Pesma ili izvođač',
  noMatch: 'Nijedna pesma ne odgovara.',
  songs: 'Pesme',
  inQueue: 'U redu',
  message: 'Poruka bendu (nije obavezna)',
  messageHint: 'Šalje se uz sledeći zahtev; vidi je samo bend. Bez linkova.',
  status: { waiting: 'Čeka', played: 'Odsvirano', declined: 'Odbijeno', unsent: 'Još nije poslato' },
  noConnection: 'Nema veze. Proverite signal i pokušajte ponovo.',
  failed: (status: number) => `Nešto nije u redu (HTTP ${status}).`,
  noGig: 'Na ovoj adresi nema svirke. Proverite link ili ponovo skenirajte kod.',
  bandLink: {
    noGigNow: 'Bend trenutno ne prima zahteve.',
    next: 'Sledeća svirka',
    none: 'Još nema zakazanih svirki.',
  },
};

let cyrillic: Texts | undefined;

export const texts = (lang: Lang): Texts =>
  lang === 'en' ? EN : lang === 'sr' ? SR : (cyrillic ??= cyrillicTree(SR));

/** "3rd in line" in English, "3. na redu" in Serbian. */
export function placeInLine(lang: Lang, place: number): string {
  if (lang !== 'en') return inScript(lang, `${place}. na redu`);
  const suffix = { one: 'st', two: 'nd', few: 'rd', other: 'th' } as Record<string, string>;
  return `${place}${suffix[new Intl.PluralRules('en', { type: 'ordinal' }).select(place)] ?? 'th'} in line`;
}

/**
 * A waiting song's place and wait (issue 29): "2nd in line · in about 8 minutes"; no estimate while
 * requests are paused or the band plays out of turn, and the line says why.
 */
export function waitLine(lang: Lang, wait: Wait): string {
  const place = placeInLine(lang, wait.place);
  if (lang === 'en') {
    const when =
      wait.kind === 'next'
        ? 'up next'
        : wait.kind === 'about'
          ? `in about ${plural(lang, wait.minutes, { one: 'minute', other: 'minutes' })}`
          : wait.kind === 'paused'
            ? 'no estimate while requests are paused'
            : 'no estimate: the band is playing out of order';
    return `${place} · ${when}`;
  }
  const kada =
    wait.kind === 'next'
      ? 'sledeća'
      : wait.kind === 'about'
        ? `za oko ${plural(lang, wait.minutes, { one: 'minut', other: 'minuta' })}`
        : wait.kind === 'paused'
          ? 'bez procene dok su zahtevi pauzirani'
          : 'bez procene: bend ne svira po redu';
  return inScript(lang, `${place} · ${kada}`);
}

/** What a guest reads after a tap that was taken. */
export function accepted(
  lang: Lang,
  song: string,
  outcome: { duplicate: boolean; me_too?: boolean; count?: number },
): string {
  const s = q(lang, song);
  if (lang !== 'en') {
    if (outcome.duplicate) return inScript(lang, `Već ste zatražili ${s}.`);
    if (outcome.me_too && outcome.count)
      return inScript(
        lang,
        `I vi ste zatražili ${s}. Do sada: ${plural(lang, outcome.count, { one: 'zahtev', few: 'zahteva', other: 'zahteva' })}.`,
      );
    return inScript(lang, `Zatražili ste ${s}.`);
  }
  if (outcome.duplicate) return `You already asked for ${s}.`;
  if (outcome.me_too && outcome.count)
    return `You asked for ${s} too: ${plural(lang, outcome.count, { one: 'request', other: 'requests' })} so far.`;
  return `You asked for ${s}.`;
}

/** What a guest reads after a tap without a network: the request waits on the phone. */
export function keptOffline(lang: Lang, song: string): string {
  const s = q(lang, song);
  if (lang !== 'en')
    return inScript(
      lang,
      `Nema veze: vaš zahtev za ${s} čuva se na ovom telefonu i šalje se kad se veza vrati.`,
    );
  return `No connection: your request for ${s} is kept on this phone and sent when the connection is back.`;
}

/** What the band did or is doing with the guest's song: said prominently, since it matters most. */
export function spotlight(lang: Lang, kind: 'next' | 'played' | 'declined', song: string): string {
  const s = q(lang, song);
  if (lang !== 'en')
    return inScript(
      lang,
      kind === 'next'
        ? `Vaša pesma ${s} je sledeća!`
        : kind === 'played'
          ? `Bend svira vašu pesmu ${s}!`
          : `Bend je odbio ${s}. Možete zatražiti neku drugu pesmu.`,
    );
  return kind === 'next'
    ? `Your song ${s} is up next!`
    : kind === 'played'
      ? `The band is playing your song ${s}!`
      : `The band declined ${s}. You can ask for another song.`;
}

/**
 * A refusal in the guest's language. English uses the server's own sentence; Serbian is built from
 * the reason and its numbers (an unknown reason falls back to the server's sentence).
 */
export function refusal(lang: Lang, song: string, problem: Problem): string {
  if (lang === 'en') return problem.errors?.message?.[0] ?? problem.message;
  const serbian = serbianRefusal(lang, song, problem);
  return serbian === undefined ? (problem.errors?.message?.[0] ?? problem.message) : inScript(lang, serbian);
}

/** The Serbian (Latin) of a refusal, or undefined where only the server's sentence says it. */
function serbianRefusal(lang: Lang, song: string, problem: Problem): string | undefined {
  const s = q(lang, song);
  const seconds = problem.wait_seconds ?? 0;
  switch (problem.reason) {
    case 'closed':
      return SR.closed;
    case 'cooldown':
      return `Sačekajte još ${plural(lang, seconds, { one: 'sekundu', few: 'sekunde', other: 'sekundi' })} pre sledećeg zahteva.`;
    case 'too_many_waiting':
      return 'Već imate 3 zahteva koji čekaju. Zatražite ponovo kad bend odsvira neki od njih.';
    case 'network_has_asked':
      return `${s} već ima ${plural(lang, ADDRESS_MAX_PER_WAITING_SONG, { one: 'zahtev', few: 'zahteva', other: 'zahteva' })} sa vaše mreže, koliko jedna mreža može da doda. Pesma čeka u redu.`;
    case 'too_soon':
      return `${s} je nedavno tražena. Može ponovo za ${plural(lang, Math.ceil(seconds / 60), { one: 'minut', other: 'minuta' })}.`;
    case 'too_few_songs':
      return `${s} je nedavno tražena. Pre nje treba zatražiti još ${plural(lang, problem.songs_needed ?? 1, { one: 'drugu pesmu', few: 'druge pesme', other: 'drugih pesama' })}.`;
    case 'same_performer':
      return `${s}: pesma izvođača ${keep(problem.params?.performer ?? '')} je upravo odsvirana ili već čeka u redu. Pre nje treba zatražiti još ${plural(lang, problem.songs_needed ?? 1, { one: 'pesmu drugog izvođača', few: 'pesme drugih izvođača', other: 'pesama drugih izvođača' })}.`;
    case 'rate_limited':
      return 'Previše zahteva sa vaše mreže. Pokušajte ponovo za minut.';
    case 'offline':
      return SR.noConnection;
    case 'failed':
      return SR.failed(problem.status ?? 0);
  }
  // What no reason says, by the sentence's code: the message (the server checks what the page
  // checks, and the gig's switch), the page's own id, a gig that ended, maintenance, a fault.
  switch (problem.code) {
    case 'message_links':
      return 'Poruka ne sme sadržati linkove.';
    case 'message_too_long':
      return `Poruka može imati najviše ${MAX_MESSAGE} znakova.`;
    case 'message_not_allowed':
      return 'Ova svirka ne prima poruke uz zahteve.';
    case 'device_missing':
    case 'csrf_mismatch':
      return 'Osvežite stranicu da biste tražili pesme.';
    case 'no_gig_here':
      return SR.noGig;
    case 'maintenance':
      return 'Encore je na održavanju. Pokušajte ponovo kasnije.';
    case 'clash':
    case 'server_error':
      return 'Nešto je pošlo naopako. Pokušajte ponovo.';
  }
  if (problem.status === 404) return `${s} nije na večerašnjem spisku.`;
  return undefined;
}

/** The message field's problems, found on the page before sending (the server checks the same). */
export function messageProblem(lang: Lang, message: string): string | undefined {
  // Counted as the server stores it: invisible characters and runs of spaces do not count.
  if ((normalizeMessage(message)?.length ?? 0) > MAX_MESSAGE)
    return lang === 'en'
      ? `The message may have ${MAX_MESSAGE} characters at most.`
      : inScript(lang, `Poruka može imati najviše ${MAX_MESSAGE} znakova.`);
  if (looksLikeLink(message))
    return lang === 'en'
      ? 'The message may not contain links.'
      : inScript(lang, 'Poruka ne sme sadržati linkove.');
  return undefined;
}
