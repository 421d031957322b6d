import Polyglot from 'node-polyglot';
import type { I18nProvider } from 'react-admin';
import { cyrillicTree } from '../../shared/cyrillic';
import { htmlLang, LANGUAGES, storeLanguage, type Lang } from '../live/i18n';
import { en } from './en';

/** English, Srpski, Српски: the pages outside the panel offer the same three. */
const LOCALES = LANGUAGES.map(({ lang, name }) => ({ locale: lang, name }));

/**
 * The English words of the screens that load on their own (the band page, Insights, the history,
 * the system pages, the conflict dialog...): each brings them with its code (`addEnglish`), so that
 * the login page and the songs list do not download them (issue 25, point 3).
 */
const screensEnglish: object[] = [];

/**
 * en holds the spec's strings as the spec gives them (with the screens' own as they load); sr is the
 * whole panel in Serbian (Latin), every screen's, loaded when chosen; Serbian in Cyrillic is made
 * from it by transliteration (shared/cyrillic.ts), so the two scripts never drift apart.
 */
function messages(locale: string): object | Promise<object> {
  if (locale === 'sr') return import('./sr').then((m) => m.sr);
  if (locale === 'sr-Cyrl') return import('./sr').then((m) => cyrillicTree(m.sr));
  return Object.assign({}, en, ...screensEnglish);
}

/** Serbian has three plural forms (1 pesma, 2 pesme, 5 pesama); polyglot knows them only for sr-RS. */
function serbianPlural(n: number) {
  const end = n % 10;
  const lastTwo = n % 100;
  if (end === 1 && lastTwo !== 11) return 0;
  if (end >= 2 && end <= 4 && (lastTwo < 12 || lastTwo > 14)) return 1;
  return 2;
}

/** allowMissing: a server's message passed to notify() is shown as written. */
const phrasesIn = (locale: string, phrases: object) =>
  new Polyglot({
    locale,
    phrases: { '': '', ...phrases },
    allowMissing: true,
    pluralRules: {
      pluralTypes: { english: (n: number) => (n === 1 ? 0 : 1), serbian: serbianPlural },
      pluralTypeToLanguages: { english: ['en'], serbian: ['sr', 'sr-Cyrl'] },
    },
  });

let locale = 'en';
let polyglot = phrasesIn(locale, messages(locale) as object);

/**
 * The panel's translations, as react-admin's ra-i18n-polyglot made them (node-polyglot underneath),
 * but with English that grows as screens load (`addEnglish`). Serbian is loaded only when chosen, so
 * English-speaking users never download it.
 */
const translations = {
  translate: (key: string, options: object = {}) => polyglot.t(key, options),
  changeLocale: async (next: string) => {
    const phrases = await messages(next);
    locale = next;
    polyglot = phrasesIn(next, phrases);
  },
  getLocale: () => locale,
  getLocales: () => LOCALES,
} satisfies I18nProvider;

/**
 * A screen that loads on its own adds its English words as its code arrives (at the top of its module,
 * so before it renders): the translations in English have them from then on, in every language change
 * after. Its Serbian is in i18n/sr.ts, which holds every screen's.
 */
export function addEnglish(words: object) {
  if (screensEnglish.includes(words)) return;
  screensEnglish.push(words);
  if (locale === 'en') polyglot.extend(words);
}

/**
 * The page follows its language: `<html lang>`, which screen readers and hyphenation read, and the
 * window's title, which a tab, a bookmark and a screen reader say (issue 26).
 */
export function followLanguage(locale: string) {
  document.documentElement.lang = htmlLang(locale as Lang);
  document.title = translations.translate('login.title');
}

/**
 * Starts a page in a language that was not chosen on it (the device's, or a choice made on another
 * page): the same as changeLocale, but not stored, so that the device's language stays no choice.
 */
export async function startIn(locale: Lang) {
  await translations.changeLocale(locale);
  followLanguage(locale);
}

/** The panel's translations; the page's lang follows the chosen language (issue 26). */
export const i18nProvider: typeof translations = {
  ...translations,
  changeLocale: async (locale) => {
    await translations.changeLocale(locale);
    followLanguage(locale);
    // The band page, the venue screen and the viewer area follow the last language chosen.
    storeLanguage(locale as Lang);
  },
};
