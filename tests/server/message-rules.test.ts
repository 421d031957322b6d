/**
 * The rules of a guest's message (src/shared/message-rules.ts; issue 23, finding 12), which the
 * audience page and the server share: what is stored, and what reads as a link.
 */
import { describe, expect, it } from 'vitest';
import { looksLikeLink, normalizeMessage } from '../../src/shared/message-rules.js';

const ZWSP = '\u200B';

describe('normalizeMessage', () => {
  it('takes out controls, zero-width and bidi characters, and makes runs of blanks one space', () => {
    expect(normalizeMessage(`Za${ZWSP} mla\u202Edence\u0000!\u2066`)).toBe('Za mladence!');
    expect(normalizeMessage('\uFEFF  Za\tmladence,\r\n\r\nod\u00A0kumova!\u00AD ')).toBe(
      'Za mladence, od kumova!',
    );
    expect(normalizeMessage('Hvala\u3164\u3164bendu')).toBe('Hvala bendu');
  });

  it('keeps the guest’s own letters, composed, and emoji joined as they were', () => {
    expect(normalizeMessage('Хвала, пустите Бајагу!')).toBe('Хвала, пустите Бајагу!');
    expect(normalizeMessage('Ćevapi i \u0110or\u0111e')).toBe('Ćevapi i Đorđe');
    expect(normalizeMessage('C\u0301evapi')).toBe('Ćevapi');
    expect(normalizeMessage('Bravo ❤️‍🔥 👍🏽‍')).toBe('Bravo ❤️‍🔥 👍🏽');
  });

  it('makes a message with nothing visible left no message', () => {
    for (const blank of [
      '',
      '   ',
      ZWSP.repeat(20),
      '\u0000',
      '\u0000\u0001\u007F',
      '\u202E\u202D\u202C\u2066\u2069\u200E\u200F',
      `\u3164 \u2800 ${ZWSP}\u2060\uFEFF`,
      '\u0301\u0308',
      null,
      undefined,
    ])
      expect(normalizeMessage(blank), JSON.stringify(blank)).toBeNull();
  });
});

describe('looksLikeLink', () => {
  it.each([
    ['a scheme', 'vidi https://example.org/x', 'HTTP://EVIL.EXAMPLE'],
    ['mailto: and javascript:', 'mailto:kum@example.org', 'javascript:alert(1)'],
    ['www.', 'www.mojbend', 'ԝԝԝ.mojbend'],
    ['any top-level domain', 'evil.shop', 'EVIL.SHOP'],
    ['a domain in another script', 'пример.срб', 'bend.xn--90a3ac'],
    ['a dot written around', 'example[.]com', 'example (dot) com'],
    ['a spaced dot', 'example . com', 'example .com'],
    ['full-width letters and dots', 'ｅｘａｍｐｌｅ．ｃｏｍ', 'example．com'],
    ['ideographic dots', 'example。com', 'example｡com'],
    ['zero-width characters inside', `example${ZWSP}.${ZWSP}com`, 'exam\u00ADple\u200D.c\u200Com'],
    ['Cyrillic and Greek look-alikes', 'ехаmple.соm', 'mаilto:x'],
    ['marks over the letters', 'e\u0336x\u0336.c\u0336o\u0336m\u0336', '𝐞𝐯𝐢𝐥.𝐬𝐡𝐨𝐩'],
    ['an IP address', '127.0.0.1', 'pusti 10.0.0.1:8080'],
    ['an IPv6 address', 'fe80::1', '2001:db8:0:0:0:0:0:1'],
    ['a capital after the dot with a path', 'Evil.Shop/x', 'Moj.Sajt/bend'],
    ['an e-mail address', 'pisite na kum@gmail.com', 'kum@example.org'],
  ])('finds %s', (_, first, second) => {
    expect(looksLikeLink(first)).toBe(true);
    expect(looksLikeLink(second)).toBe(true);
  });

  it('lets ordinary sentences through, in either alphabet', () => {
    for (const text of [
      'Hvala.Super ste! 10.5 puta bolje.',
      '3.5 stars',
      'Хвала, пустите Бајагу!',
      'Хвала.Супер сте!',
      'Lutka...super',
      'Hvala. super ste',
      'u 21:30, posle 21.11.2026.',
      'Pesma: Lutka, npr. ili itd.',
      'e.g. Bajaga',
      'Deda:: hvala',
      'Bravo ❤️‍🔥',
    ])
      expect(looksLikeLink(text), text).toBe(false);
  });
});
