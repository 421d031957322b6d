import { describe, expect, it } from 'vitest';
import { addEnglish, i18nProvider } from '../../src/client/i18n';
import { en } from '../../src/client/i18n/en';
import { SCREENS_ENGLISH } from '../../src/client/i18n/screens';

/**
 * Issue 25, point 3: the screens that load on their own (the band page, Insights, the history, the
 * system pages, the conflict dialog) bring their English with their code, so that the login page and
 * the songs list do not download it; the panel's translations take them in as they come.
 */
describe("the screens' own English", () => {
  it('is not in the panel’s tree', () => {
    for (const words of Object.values(SCREENS_ENGLISH))
      for (const key of Object.keys(words)) expect(Object.keys(en), key).not.toContain(key);
  });

  it('is translated once added, and still after a change of language and back', async () => {
    const words = {
      later_screen: { hello: 'Hello, %{name}', songs: '%{smart_count} song |||| %{smart_count} songs' },
    };
    expect(i18nProvider.translate('later_screen.hello', { name: 'Ana' })).toBe('later_screen.hello');
    addEnglish(words);
    expect(i18nProvider.translate('later_screen.hello', { name: 'Ana' })).toBe('Hello, Ana');
    expect(i18nProvider.translate('later_screen.songs', { smart_count: 2 })).toBe('2 songs');
    await i18nProvider.changeLocale('sr');
    // Serbian has every screen's words from the start (i18n/sr.ts).
    expect(i18nProvider.translate('insights.title')).toBe('Uvidi');
    expect(i18nProvider.translate('conflict.yes')).toBe('Da');
    await i18nProvider.changeLocale('en');
    expect(i18nProvider.translate('later_screen.songs', { smart_count: 1 })).toBe('1 song');
    expect(i18nProvider.translate('insights.title')).toBe('Insights');
  });

  it('keeps react-admin’s ways: a default for a missing key, plural forms in Serbian', async () => {
    expect(i18nProvider.translate('no.such.key', { _: 'As written' })).toBe('As written');
    expect(i18nProvider.translate('A server sentence.')).toBe('A server sentence.');
    await i18nProvider.changeLocale('sr');
    const never = (n: number) => i18nProvider.translate('insights.never.summary', { smart_count: n });
    expect([1, 3, 5, 21].map(never)).toEqual([
      '1 pesma repertoara nikad nije tražena.',
      '3 pesme repertoara nikad nisu tražene.',
      '5 pesama repertoara nikad nije traženo.',
      '21 pesma repertoara nikad nije tražena.',
    ]);
    await i18nProvider.changeLocale('en');
  });
});
