import { useCallback, useEffect, useState } from 'react';
import { i18nProvider } from '../i18n';
import { store } from '../providers/panelStore';

/**
 * The language of a page outside <Admin>: the one chosen before (the panel's store), changed here
 * for the panel too. What react-admin's useLocaleState and useTranslate give inside <Admin>.
 */
export function usePageLanguage() {
  const [locale, setLocale] = useState(() => i18nProvider.getLocale());

  const choose = useCallback(async (next: string) => {
    // Serbian is loaded when first chosen; the page changes once it is here.
    await i18nProvider.changeLocale(next);
    store.setItem('locale', next);
    setLocale(next);
  }, []);

  useEffect(() => {
    const stored = store.getItem<string>('locale');
    if (stored && stored !== i18nProvider.getLocale()) void choose(stored);
  }, [choose]);

  // A new function for each language, so that what uses it renders again.
  const translate = useCallback(
    (key: string, options?: Record<string, unknown>) => i18nProvider.translate(key, options),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [locale],
  );
  return { locale, locales: i18nProvider.getLocales?.() ?? [], choose, translate };
}
