/** Serbian in Cyrillic, made from the Latin messages (issue 26, point 1). */
import { describe, expect, it } from 'vitest';
import { sr } from '../../src/client/i18n/sr';
import { cyrillicTree, keep, toCyrillic } from '../../src/shared/cyrillic';

describe('toCyrillic', () => {
  it('writes each Latin letter as its Cyrillic one, in both cases', () => {
    expect(toCyrillic('Đorđe Čađavi ćuti, Šarac žuri')).toBe('Ђорђе Чађави ћути, Шарац жури');
  });

  it('writes the digraphs lj, nj and dž as one letter, capitalised either way', () => {
    expect(toCyrillic('ljubav njegova džez Ljubav Njegoš Džamija LJ NJ')).toBe(
      'љубав његова џез Љубав Његош Џамија LJ NJ',
    );
    expect(toCyrillic('Lj')).toBe('Љ');
  });

  it('keeps two letters where a prefix ends before them', () => {
    expect(toCyrillic('nadživeti podžanr injekcija konjugacija')).toBe(
      'надживети поджанр инјекција конјугација',
    );
  });

  it('leaves placeholders, plural separators, kept names, acronyms and foreign words as written', () => {
    expect(toCyrillic('Pesma %{name} |||| %{smart_count} pesama')).toBe(
      'Песма %{name} |||| %{smart_count} песама',
    );
    expect(toCyrillic(`Vaša pesma ${keep('Ljubav je')} je sledeća!`)).toBe(
      'Ваша песма Ljubav je је следећа!',
    );
    expect(toCyrillic('Izvezi CSV za QR kod, WebSocket, Encore.')).toBe(
      'Извези CSV за QR код, WebSocket, Encore.',
    );
    expect(toCyrillic('Pišite na admin@encore.local ili https://encore.app/band')).toBe(
      'Пишите на admin@encore.local или https://encore.app/band',
    );
    expect(toCyrillic('Email i email')).toBe('Имејл и имејл');
    expect(toCyrillic('sa http:// ili https://.')).toBe('са http:// или https://.');
  });
});

describe('the panel in Cyrillic', () => {
  const cyrillic = cyrillicTree(sr);

  function leaves(tree: object, prefix = ''): [string, string][] {
    return Object.entries(tree).flatMap(([key, value]) =>
      typeof value === 'string' ? [[`${prefix}${key}`, value]] : leaves(value, `${prefix}${key}.`),
    );
  }

  it('has every message of the Latin, with the same placeholders and plural forms', () => {
    const latin = new Map(leaves(sr));
    const made = leaves(cyrillic);
    expect(made.map(([key]) => key)).toEqual([...latin.keys()]);
    for (const [key, text] of made) {
      const source = latin.get(key)!;
      expect(text.match(/%\{\w+\}/g), key).toEqual(source.match(/%\{\w+\}/g));
      expect(text.split('||||').length, key).toBe(source.split('||||').length);
    }
  });

  it('leaves no Latin word but acronyms, names of formats and the product', () => {
    const latinWords = new Set(
      leaves(cyrillic).flatMap(
        ([, text]) => text.replace(/%\{\w+\}|https?:\/\/\S*/g, '').match(/[A-Za-zČĆŽŠĐčćžšđ][\w-]*/g) ?? [],
      ),
    );
    for (const word of latinWords)
      expect(word, word).toMatch(/^(?:[A-Z0-9_-]{2,}|Encore|ChordPro|\w*[qwxyQWXY]\w*)$/);
  });
});
