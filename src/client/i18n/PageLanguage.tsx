import { createContext, type ReactNode, useContext } from 'react';
import { LanguageMenu } from '../components/LanguageMenu';
import { browserLanguages, dateLocale, type Lang } from '../live/i18n';
import { type PageLanguage as Language, usePageLanguage } from './usePageLanguage';

const LanguageContext = createContext<Language | undefined>(undefined);

/**
 * One language for every part of a page outside <Admin> (the band page, the viewer area), as
 * react-admin's I18nContextProvider gives the panel's screens; shown once its messages are here, so
 * that a Serbian page does not open in English first.
 */
export function PageLanguage({ children }: { children: ReactNode }) {
  const language = usePageLanguage();
  if (!language.ready) return null;
  return <LanguageContext.Provider value={language}>{children}</LanguageContext.Provider>;
}

/** The page's language: translate, the locale, and the choice of another (inside <PageLanguage>). */
export function useLanguage(): Language {
  const language = useContext(LanguageContext);
  if (!language) throw new Error('useLanguage() is used inside <PageLanguage> only');
  return language;
}

/** The locale of the page's dates and times: Serbian's, or English in the device's own region. */
export function useDateLocale(): string {
  return dateLocale(useLanguage().locale as Lang, browserLanguages());
}

/** The page's language menu (English, Srpski, Српски), for a band member on a tablet too. */
export function PageLanguageMenu() {
  const { locale, locales, choose } = useLanguage();
  return <LanguageMenu locale={locale} locales={locales} onChange={(next) => void choose(next)} />;
}
