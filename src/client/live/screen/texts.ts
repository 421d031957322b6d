import { cyrillicTree } from '../../../shared/cyrillic';
import { type Lang, plural } from '../i18n';

/** The venue screen's words (issue 13, points 2 and 8): English and Serbian (Latin; Cyrillic made from it). */
const EN = {
  scan: 'Scan to request a song',
  upNext: 'Up next',
  nothingQueued: 'Nothing in the queue yet. Be the first!',
  justPlayed: 'Just played',
  top: 'Most requested tonight',
  paused: 'Requests are paused.',
  reconnecting: 'Reconnecting…',
  noGig: 'There is no gig at this address.',
  requests: (n: number) => plural('en', n, { one: 'request', other: 'requests' }),
  inAbout: (minutes: number) => `in about ${plural('en', minutes, { one: 'minute', other: 'minutes' })}`,
  outOfTurn: 'No times: the band is playing out of order.',
};

const SR: typeof EN = {
  scan: 'Skenirajte i zatražite pesmu',
  upNext: 'Sledeće na redu',
  nothingQueued: 'Još nema zahteva. Budite prvi!',
  justPlayed: 'Upravo odsvirano',
  top: 'Najtraženije večeras',
  paused: 'Zahtevi su pauzirani.',
  reconnecting: 'Ponovo se povezujem…',
  noGig: 'Na ovoj adresi nema svirke.',
  requests: (n: number) => plural('sr', n, { one: 'zahtev', few: 'zahteva', other: 'zahteva' }),
  inAbout: (minutes: number) => `za oko ${plural('sr', minutes, { one: 'minut', other: 'minuta' })}`,
  outOfTurn: 'Bez procene vremena: bend ne svira po redu.',
};

export const screenTexts = (lang: Lang) => (lang === 'en' ? EN : lang === 'sr' ? SR : cyrillicTree(SR));
