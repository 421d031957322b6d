import { ADDRESS_MAX_PER_WAITING_SONG } from '../../../shared/constants';
import { looksLikeLink, MAX_MESSAGE, normalizeMessage } from '../../../shared/message-rules';
import { type Lang, plural } from '../i18n';

/** A refusal or failure as the API answers it (DESIGN §4), for the guest's language. */
export interface Problem {
  message: string;
  status?: number;
  reason?: string;
  wait_seconds?: number;
  songs_needed?: number;
  errors?: Record<string, string[]>;
}

const q = (lang: Lang, song: string) => (lang === 'sr' ? `„${song}“` : `“${song}”`);

const EN = {
  loading: 'Loading the gig…',
  language: 'Srpski',
  languageLabel: 'Prebaci na srpski',
  upNext: 'Up next',
  nothingQueued: 'Nothing in the queue yet.',
  mine: 'Your requests',
  tapHint: 'Tap a song below to ask the band for it.',
  pausedHint: 'Requests are paused. You can ask for a song once the band opens them again.',
  closed: 'Requests are closed for this gig right now.',
  reconnecting: 'Reconnecting…',
  find: 'Find a song',
  findPlaceholder: 'Song or performer',
  noMatch: 'No song matches.',
  songs: 'Songs',
  inQueue: 'In the queue',
  message: 'Message to the band (optional)',
  messageHint: 'Sent with your next request; only the band sees it. No links.',
  status: { waiting: 'Waiting', played: 'Played', declined: 'Declined' },
  noConnection: 'No connection. Check your signal and try again.',
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
  language: 'English',
  languageLabel: 'Switch to English',
  upNext: 'Sledeće na redu',
  nothingQueued: 'Još nema zahteva u redu.',
  mine: 'Vaši zahtevi',
  tapHint: 'Dodirnite pesmu ispod da je zatražite od benda.',
  pausedHint: 'Zahtevi su pauzirani. Pesmu možete zatražiti kad ih bend ponovo otvori.',
  closed: 'Zahtevi za ovu svirku su trenutno zatvoreni.',
  reconnecting: 'Ponovo se povezujem…',
  find: 'Pronađite pesmu',
  findPlaceholder: 'Pesma ili izvođač',
  noMatch: 'Nijedna pesma ne odgovara.',
  songs: 'Pesme',
  inQueue: 'U redu',
  message: 'Poruka bendu (nije obavezna)',
  messageHint: 'Šalje se uz sledeći zahtev; vidi je samo bend. Bez linkova.',
  status: { waiting: 'Čeka', played: 'Odsvirano', declined: 'Odbijeno' },
  noConnection: 'Nema veze. Proverite signal i pokušajte ponovo.',
  noGig: 'Na ovoj adresi nema svirke. Proverite link ili ponovo skenirajte kod.',
  bandLink: {
    noGigNow: 'Bend trenutno ne prima zahteve.',
    next: 'Sledeća svirka',
    none: 'Još nema zakazanih svirki.',
  },
};

export const texts = (lang: Lang): Texts => (lang === 'sr' ? SR : EN);

/** What a guest reads after a tap that was taken. */
export function accepted(
  lang: Lang,
  song: string,
  outcome: { duplicate: boolean; me_too?: boolean; count?: number },
): string {
  if (outcome.duplicate)
    return lang === 'sr' ? `Već ste zatražili ${q(lang, song)}.` : `You already asked for ${q(lang, song)}.`;
  if (outcome.me_too && outcome.count)
    return lang === 'sr'
      ? `I vi ste zatražili ${q(lang, song)}. Do sada: ${plural(lang, outcome.count, { one: 'zahtev', few: 'zahteva', other: 'zahteva' })}.`
      : `You asked for ${q(lang, song)} too: ${plural(lang, outcome.count, { one: 'request', other: 'requests' })} so far.`;
  return lang === 'sr' ? `Zatražili ste ${q(lang, song)}.` : `You asked for ${q(lang, song)}.`;
}

/** What the band did or is doing with the guest's song: said prominently, since it matters most. */
export function spotlight(lang: Lang, kind: 'next' | 'played' | 'declined', song: string): string {
  const s = q(lang, song);
  if (lang === 'sr')
    return kind === 'next'
      ? `Vaša pesma ${s} je sledeća!`
      : kind === 'played'
        ? `Bend svira vašu pesmu ${s}!`
        : `Bend je odbio ${s}. Možete zatražiti neku drugu pesmu.`;
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
    case 'rate_limited':
      return 'Previše zahteva sa vaše mreže. Pokušajte ponovo za minut.';
    case 'offline':
      return SR.noConnection;
  }
  if (problem.status === 404) return `${s} nije na večerašnjem spisku.`;
  // The server's word on the message (it checks what the page checks, and the gig's switch).
  const aboutMessage = problem.errors?.message?.[0];
  if (aboutMessage)
    return /links/.test(aboutMessage)
      ? 'Poruka ne sme sadržati linkove.'
      : /characters/.test(aboutMessage)
        ? `Poruka može imati najviše ${MAX_MESSAGE} znakova.`
        : /does not take/.test(aboutMessage)
          ? 'Ova svirka ne prima poruke uz zahteve.'
          : aboutMessage;
  return problem.errors?.message?.[0] ?? problem.message;
}

/** The message field's problems, found on the page before sending (the server checks the same). */
export function messageProblem(lang: Lang, message: string): string | undefined {
  // Counted as the server stores it: invisible characters and runs of spaces do not count.
  if ((normalizeMessage(message)?.length ?? 0) > MAX_MESSAGE)
    return lang === 'sr'
      ? `Poruka može imati najviše ${MAX_MESSAGE} znakova.`
      : `The message may have ${MAX_MESSAGE} characters at most.`;
  if (looksLikeLink(message))
    return lang === 'sr' ? 'Poruka ne sme sadržati linkove.' : 'The message may not contain links.';
  return undefined;
}
