/** Issue 26, point 1: the panel says the server's sentences in its own language, by their codes. */
import { afterEach, describe, expect, it } from 'vitest';
import { i18nProvider } from '../../src/client/i18n';
import { server } from '../../src/client/i18n/server.sr';
import { httpClient } from '../../src/client/providers/httpClient';
import { inReadersLanguage } from '../../src/client/providers/readersLanguage';
import { SERVER_MESSAGES } from '../../src/shared/server-messages';

afterEach(() => i18nProvider.changeLocale('en'));

const taken = {
  message: 'The email has already been taken.',
  code: 'email_taken',
  errors: {
    email: ['The email has already been taken.'],
    naziv: ['The title field is required.'],
    x: ['Odd.'],
  },
  codes: {
    email: [{ code: 'email_taken' }],
    naziv: [{ code: 'field_required', params: { field: 'title' } }],
    x: [null],
  },
};

describe('a refusal in the reader’s language', () => {
  it('stays as the server said it in English', () => {
    expect(inReadersLanguage(taken)).toEqual(taken);
  });

  it('is said in Serbian, the field’s name too, where the panel has a word for it', async () => {
    await i18nProvider.changeLocale('sr');
    const answer = inReadersLanguage(taken);
    expect(answer.message).toBe('Ovaj email je već zauzet.');
    expect(answer.errors).toEqual({
      email: ['Ovaj email je već zauzet.'],
      naziv: ['Polje „naziv“ je obavezno.'],
      x: ['Odd.'],
    });
  });

  it('is said in Cyrillic', async () => {
    await i18nProvider.changeLocale('sr-Cyrl');
    expect(inReadersLanguage({ message: 'Invalid email or password.', code: 'invalid_login' }).message).toBe(
      'Погрешан имејл или лозинка.',
    );
  });

  it('keeps the English of a code the panel does not know, and an answer without codes', async () => {
    await i18nProvider.changeLocale('sr');
    expect(inReadersLanguage({ message: 'Something new.', code: 'brand_new' }).message).toBe(
      'Something new.',
    );
    expect(inReadersLanguage({ message: 'Plain.' })).toEqual({ message: 'Plain.' });
  });

  it('has every sentence of the server in Serbian, with the same values', () => {
    // The English of a band's belongings is a list made in English; Serbian says the counts.
    const sayDifferently: Record<string, [string[], string[]]> = {
      band_owns: [['%{list}'], ['%{songs}', '%{performers}', '%{playlists}', '%{gigs}']],
      rate_limited: [['%{after}'], []],
    };
    for (const [code, english] of Object.entries(SERVER_MESSAGES)) {
      const serbian = server[code as keyof typeof server];
      expect(serbian, code).toEqual(expect.any(String));
      const places = (text: string) => [...new Set(text.match(/%\{\w+\}/g) ?? [])].sort();
      const [englishOnly, serbianOnly] = sayDifferently[code] ?? [[], []];
      expect(places(serbian), code).toEqual(
        [...places(english).filter((place) => !englishOnly.includes(place)), ...serbianOnly].sort(),
      );
      // A number said in Serbian takes its three forms (one, few, many), as polyglot's Serbian.
      if (english.includes('%{smart_count}')) expect(serbian.split(' |||| '), code).toHaveLength(3);
    }
  });
});

describe('no answer at all', () => {
  it('is the panel’s own network message, in the reader’s language', async () => {
    // tests/client/setup.ts: fetch fails as the browser's does when the network is down.
    await expect(httpClient('/api/user')).rejects.toThrow(
      'Encore could not be reached. Check your connection and try again.',
    );
    await i18nProvider.changeLocale('sr');
    await expect(httpClient('/api/user')).rejects.toThrow(
      'Encore nije dostupan. Proverite vezu i pokušajte ponovo.',
    );
  });
});
