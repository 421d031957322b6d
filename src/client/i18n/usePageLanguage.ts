import { useCallback, useEffect, useState } from 'react';
import { currentLanguage, LANGUAGES, type Lang } from '../live/i18n';
import { store } from '../providers/panelStore';
import { followLanguage, i18nProvider, startIn } from './index';

/**
 * The language a page starts in, the panel's too: the one chosen in the panel (its store), else the
 * last one chosen on any page (the audience page's switch), else the device's (live/i18n.ts).
 */
export function startingLanguage(): Lang {
  const chosen = store.getItem<string>('locale');
  return LANGUAGES.find((l) => l.lang === chosen)?.lang ?? currentLanguage();
}

/**
 * Brings the translations to the page's starting language: true once its messages are here
 * (Serbian is loaded when first needed), so that a Serbian page does not open in English first.
 */
export function useStartingLanguage(): boolean {
  const [ready, setReady] = useState(() => startingLanguage() === i18nProvider.getLocale());
  useEffect(() => {
    const start = startingLanguage();
    if (start === i18nProvider.getLocale()) return setReady(true);
    // Not stored as a choice: the device's language is none, and the panel's store is kept.
    startIn(start)
      .catch(() => undefined) // its messages did not load (offline): the page stays in English
      .finally(() => setReady(true));
  }, []);
  return ready;
}

/**
 * The language of a page outside <Admin> (the login page, the band page, the viewer area), changed
 * here for the panel too: what react-admin's useLocaleState and useTranslate give inside <Admin>.
 * `ready` once the starting language's messages are here (Serbian is loaded when first needed).
 */
export function usePageLanguage() {
  const ready = useStartingLanguage();
  const [locale, setLocale] = useState(() => i18nProvider.getLocale());

  const choose = useCallback(async (next: string) => {
    // Serbian is loaded when first chosen; the page changes once it is here.
    await i18nProvider.changeLocale(next);
    store.setItem('locale', next);
    setLocale(next);
  }, []);

  // The starting language, once its messages are here.
  useEffect(() => {
    if (ready) setLocale(i18nProvider.getLocale());
  }, [ready]);

  useEffect(() => followLanguage(locale), [locale]);

  // A new function for each language, so that what uses it renders again.
  const translate = useCallback(
    (key: string, options?: Record<string, unknown>) => i18nProvider.translate(key, options),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [locale],
  );
  return { locale, locales: i18nProvider.getLocales?.() ?? [], choose, translate, ready };
}

export type PageLanguage = ReturnType<typeof usePageLanguage>;
