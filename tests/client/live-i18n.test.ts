/** The guest's language and dates on the audience page and the venue screen (issue 13, point 8). */
import { afterEach, describe, expect, it } from 'vitest';
import { keep } from '../../src/shared/cyrillic';
import {
  currentLanguage,
  dateLocale,
  formatStart,
  inScript,
  pickLanguage,
  plural,
} from '../../src/client/live/i18n';

describe('pickLanguage', () => {
  it('speaks Serbian to Serbian, Croatian, Bosnian and Montenegrin phones', () => {
    for (const tag of ['sr', 'sr-RS', 'sr-Latn-RS', 'hr-HR', 'bs', 'cnr-ME'])
      expect(pickLanguage([tag]), tag).toBe('sr');
  });

  it('speaks Serbian in Cyrillic to a phone set to Cyrillic', () => {
    expect(pickLanguage(['sr-Cyrl-RS'])).toBe('sr-Cyrl');
    expect(pickLanguage(['en-US'], 'sr-Cyrl')).toBe('sr-Cyrl');
  });

  it('speaks English to English phones and to any language it does not speak', () => {
    expect(pickLanguage(['en-US'])).toBe('en');
    expect(pickLanguage(['de-DE', 'fr'])).toBe('en');
    expect(pickLanguage([])).toBe('en');
  });

  it('follows the first language it speaks in the phone’s order', () => {
    expect(pickLanguage(['de-DE', 'sr-RS', 'en'])).toBe('sr');
    expect(pickLanguage(['en-GB', 'sr-RS'])).toBe('en');
  });

  it('keeps the guest’s own choice over the phone’s', () => {
    expect(pickLanguage(['sr-RS'], 'en')).toBe('en');
    expect(pickLanguage(['en-US'], 'sr')).toBe('sr');
    expect(pickLanguage(['sr-RS'], 'xx')).toBe('sr');
  });
});

describe('currentLanguage', () => {
  afterEach(() => localStorage.clear());

  it('follows the language chosen in the panel where the page itself was never switched', () => {
    localStorage.setItem('RaStoreencore.locale', JSON.stringify('sr-Cyrl'));
    expect(currentLanguage()).toBe('sr-Cyrl');
    localStorage.setItem('encore-lang', 'en');
    expect(currentLanguage()).toBe('en');
  });
});

describe('inScript', () => {
  it('writes a Serbian sentence in the page’s script, keeping the song’s name as written', () => {
    const latin = `Zatražili ste ${keep('Džuboks')}.`;
    expect(inScript('sr', latin)).toBe('Zatražili ste Džuboks.');
    expect(inScript('sr-Cyrl', latin)).toBe('Затражили сте Džuboks.');
  });
});

describe('dates', () => {
  it('shows the weekday, day and month and the time as Serbian writes it', () => {
    expect(formatStart('2026-12-31T20:00', dateLocale('sr', ['sr-RS']))).toBe(
      'četvrtak, 31. decembar · 20:00',
    );
    expect(formatStart('2026-12-31T20:00', dateLocale('sr-Cyrl', ['sr-RS']))).toBe(
      'четвртак, 31. децембар · 20:00',
    );
  });

  it('shows English with the time in the phone’s usual form', () => {
    expect(formatStart('2026-12-31T20:00', dateLocale('en', ['en-US']))).toBe(
      'Thursday, December 31 · 8:00 PM',
    );
    expect(formatStart('2026-12-31T20:00', dateLocale('en', ['en-GB']))).toBe('Thursday 31 December · 20:00');
    // A German phone reading English keeps its 24-hour clock.
    expect(dateLocale('en', ['de-DE'])).toBe('en-DE');
    expect(formatStart('2026-12-31T20:00', 'en-DE')).toMatch(/31 December · 20:00$/);
  });

  it('shows a start it cannot read as it is', () => {
    expect(formatStart('sometime', 'en-GB')).toBe('sometime');
  });
});

describe('plural', () => {
  it('uses Serbian’s three forms', () => {
    const songs = { one: 'pesma', few: 'pesme', other: 'pesama' };
    expect([1, 2, 4, 5, 11, 21, 22, 25].map((n) => plural('sr', n, songs))).toEqual([
      '1 pesma',
      '2 pesme',
      '4 pesme',
      '5 pesama',
      '11 pesama',
      '21 pesma',
      '22 pesme',
      '25 pesama',
    ]);
  });

  it('uses English’s two', () => {
    expect([1, 2].map((n) => plural('en', n, { one: 'song', other: 'songs' }))).toEqual([
      '1 song',
      '2 songs',
    ]);
  });
});
