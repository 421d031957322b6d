import polyglotI18nProvider from 'ra-i18n-polyglot';
import { cyrillicTree } from '../../shared/cyrillic';
import { htmlLang, LANGUAGES, storeLanguage, type Lang } from '../live/i18n';
import { en } from './en';

/** English, Srpski, Српски: the pages outside the panel offer the same three. */
const LOCALES = LANGUAGES.map(({ lang, name }) => ({ locale: lang, name }));

/**
 * en holds the spec's strings as the spec gives them; sr is the whole panel in Serbian (Latin),
 * loaded when chosen; Serbian in Cyrillic is made from it by transliteration (shared/cyrillic.ts), so
 * the two scripts never drift apart.
 */
function messages(locale: string) {
  if (locale === 'sr') return import('./sr').then((m) => m.sr);
  if (locale === 'sr-Cyrl') return import('./sr').then((m) => cyrillicTree(m.sr));
  return en;
}

/** Serbian has three plural forms (1 pesma, 2 pesme, 5 pesama); polyglot knows them only for sr-RS. */
function serbianPlural(n: number) {
  const end = n % 10;
  const lastTwo = n % 100;
  if (end === 1 && lastTwo !== 11) return 0;
  if (end >= 2 && end <= 4 && (lastTwo < 12 || lastTwo > 14)) return 1;
  return 2;
}

/**
 * The panel's translations. Serbian is loaded only when chosen, so English-speaking users never
 * download it. allowMissing: a server's message passed to notify() is shown as written.
 */
const polyglot = polyglotI18nProvider(messages, 'en', LOCALES, {
  allowMissing: true,
  pluralRules: {
    pluralTypes: { english: (n: number) => (n === 1 ? 0 : 1), serbian: serbianPlural },
    pluralTypeToLanguages: { english: ['en'], serbian: ['sr', 'sr-Cyrl'] },
  },
});

/**
 * The page follows its language: `<html lang>`, which screen readers and hyphenation read, and the
 * window's title, which a tab, a bookmark and a screen reader say (issue 26).
 */
export function followLanguage(locale: string) {
  document.documentElement.lang = htmlLang(locale as Lang);
  document.title = polyglot.translate('login.title');
}

/**
 * Starts a page in a language that was not chosen on it (the device's, or a choice made on another
 * page): the same as changeLocale, but not stored, so that the device's language stays no choice.
 */
export async function startIn(locale: Lang) {
  await polyglot.changeLocale(locale);
  followLanguage(locale);
}

/** The panel's translations; the page's lang follows the chosen language (issue 26). */
export const i18nProvider: typeof polyglot = {
  ...polyglot,
  changeLocale: async (locale, options) => {
    await polyglot.changeLocale(locale, options);
    followLanguage(locale);
    // The band page, the venue screen and the viewer area follow the last language chosen.
    storeLanguage(locale as Lang);
  },
};
