import polyglotI18nProvider from 'ra-i18n-polyglot';
import { en } from './en';

/** en holds the spec's strings as the spec gives them; sr is the whole panel in Serbian (Latin). */
const LOCALES = [
  { locale: 'en', name: 'English' },
  { locale: 'sr', name: 'Srpski' },
];

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
export const i18nProvider = polyglotI18nProvider(
  (locale) => (locale === 'sr' ? import('./sr').then((m) => m.sr) : en),
  'en',
  LOCALES,
  {
    allowMissing: true,
    pluralRules: {
      pluralTypes: { english: (n: number) => (n === 1 ? 0 : 1), serbian: serbianPlural },
      pluralTypeToLanguages: { english: ['en'], serbian: ['sr'] },
    },
  },
);
