import { toCyrillic, withoutKeepMarks } from '../../shared/cyrillic';

/**
 * The language of the pages outside the panel (the audience page, the venue screen, the band page,
 * the viewer area): English or Serbian in Latin or Cyrillic script (issues 13 and 26). The last
 * choice made anywhere wins (the audience page's switch or the panel's language menu), else the
 * device's languages. Kept tiny and free of libraries: the audience page has a 60 kB budget.
 */
export type Lang = 'en' | 'sr' | 'sr-Cyrl';

/** Each language under its own name, as the switches offer them. */
export const LANGUAGES: { lang: Lang; name: string }[] = [
  { lang: 'en', name: 'English' },
  { lang: 'sr', name: 'Srpski' },
  { lang: 'sr-Cyrl', name: 'Српски' },
];

const STORED = 'encore-lang';
/** Where the panel keeps its language (react-admin's localStorageStore, app key "encore"). */
const PANEL_STORED = 'RaStoreencore.locale';

const isLang = (value: unknown): value is Lang => LANGUAGES.some((l) => l.lang === value);

/** Croatian, Bosnian and Montenegrin phones read Serbian Latin more easily than English. */
const SERBIAN_LIKE = /^(sr|hr|bs|sh|cnr)\b/i;

/** The language for these browser languages: a stored choice first, else the first one we speak. */
export function pickLanguage(languages: readonly string[], stored?: string | null): Lang {
  if (isLang(stored)) return stored;
  for (const tag of languages) {
    // Only a phone set to Cyrillic explicitly reads it; most Serbian phones are set to Latin.
    if (/^sr-Cyrl\b/i.test(tag)) return 'sr-Cyrl';
    if (SERBIAN_LIKE.test(tag)) return 'sr';
    if (/^en\b/i.test(tag)) return 'en';
  }
  return 'en';
}

/** The browser's languages, most preferred first. */
export const browserLanguages = (): readonly string[] =>
  navigator.languages?.length ? navigator.languages : [navigator.language ?? 'en'];

function storedChoice(): string | null {
  try {
    const own = localStorage.getItem(STORED);
    if (own) return own;
    const panel = localStorage.getItem(PANEL_STORED);
    return panel ? (JSON.parse(panel) as string) : null;
  } catch {
    return null; // storage blocked (a private mode) or unreadable: the phone's language decides
  }
}

export function currentLanguage(): Lang {
  return pickLanguage(browserLanguages(), storedChoice());
}

export function storeLanguage(lang: Lang) {
  try {
    localStorage.setItem(STORED, lang);
  } catch {
    // not kept across visits, but the switch still works now
  }
}

/**
 * The locale for dates and numbers: Serbian Latin, or English in the phone's own region where it has
 * one (so a German phone reading English still sees 20:00 rather than 8:00 PM).
 */
export function dateLocale(lang: Lang, languages: readonly string[]): string {
  if (lang !== 'en') return lang === 'sr' ? 'sr-Latn-RS' : 'sr-Cyrl-RS';
  const english = languages.find((tag) => /^en\b/i.test(tag));
  if (english) return english;
  const region = languages[0]?.match(/^[a-z]{2,3}-([A-Z]{2})\b/i)?.[1];
  return region ? `en-${region.toUpperCase()}` : 'en-GB';
}

/** "četvrtak, 31. decembar · 20:00" or "Thursday, December 31 · 8:00 PM": day, month and time. */
export function formatStart(wallClock: string, locale: string): string {
  // The gig's start is the band's wall-clock time without a zone ("2026-12-31T20:00").
  const date = new Date(wallClock);
  if (Number.isNaN(date.getTime())) return wallClock;
  try {
    const day = new Intl.DateTimeFormat(locale, { weekday: 'long', day: 'numeric', month: 'long' });
    const time = new Intl.DateTimeFormat(locale, { timeStyle: 'short' });
    return `${day.format(date)} · ${time.format(date)}`;
  } catch {
    return wallClock;
  }
}

/** Serbian has three plural forms (1 pesma, 2 pesme, 5 pesama), English two. */
export function plural(lang: Lang, n: number, forms: { one: string; few?: string; other: string }): string {
  const rule = new Intl.PluralRules(lang === 'en' ? 'en' : 'sr').select(n);
  const form = rule === 'one' ? forms.one : rule === 'few' ? (forms.few ?? forms.other) : forms.other;
  return `${n} ${form}`;
}

/** The html element's lang, which screen readers and hyphenation follow. */
export const htmlLang = (lang: Lang) => (lang === 'sr' ? 'sr-Latn' : lang);

/** A Serbian sentence written in Latin, in the page's script (names kept with keep() stay as written). */
export const inScript = (lang: Lang, latin: string) =>
  lang === 'sr-Cyrl' ? toCyrillic(latin) : withoutKeepMarks(latin);
