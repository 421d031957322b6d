/**
 * Serbian Latin to Serbian Cyrillic (issue 26: the sr-Cyrl locale is made from the Latin messages,
 * so the two never drift apart). Serbian spelling maps one to one, except the digraphs lj, nj and dž,
 * which are one letter each (љ, њ, џ) but two letters across a prefix ("nadživeti": над-живети).
 *
 * Left as written: placeholders (%{count}, {{name}}), polyglot's plural separator, text between
 * KEEP_OPEN and KEEP_CLOSE (a guest's song, a band's name), words with letters Serbian does not have
 * (q, w, x, y: "Playlist", "WebSocket"), acronyms ("CSV", "QR"), addresses and the product's name.
 */
export const KEEP_OPEN = '\uE000';
export const KEEP_CLOSE = '\uE001';

const LETTERS: Record<string, string> = {
  a: 'а',
  b: 'б',
  c: 'ц',
  č: 'ч',
  ć: 'ћ',
  d: 'д',
  đ: 'ђ',
  e: 'е',
  f: 'ф',
  g: 'г',
  h: 'х',
  i: 'и',
  j: 'ј',
  k: 'к',
  l: 'л',
  m: 'м',
  n: 'н',
  o: 'о',
  p: 'п',
  r: 'р',
  s: 'с',
  š: 'ш',
  t: 'т',
  u: 'у',
  v: 'в',
  z: 'з',
  ž: 'ж',
};
const DIGRAPHS: Record<string, string> = { lj: 'љ', nj: 'њ', dž: 'џ' };

/** Words whose two letters belong to different parts ("nad-živeti", "in-jekcija"): no digraph in them. */
const SPLIT_DIGRAPH = /^(nad|pod|in|kon|tan)(?=ž|j)/i;
const SPLIT_WORDS = /^(nadž|podž|injek|konjug|konjunk|tanjug)/i;
/**
 * Words kept in Latin: foreign letters, acronyms ("CSV", "QR"), the product, the chart format's name
 * (issue 27), e-mail addresses.
 */
const KEEP_WORD = /[qwxyQWXY@]|^\p{Lu}{2,}$|^(Encore|ChordPro)$|^www\./u;
/** Placeholders, kept spans, addresses and words: everything else is spaces and punctuation. */
const TOKENS = new RegExp(
  `(${KEEP_OPEN}[^${KEEP_CLOSE}]*${KEEP_CLOSE}|%\\{[^}]*\\}|\\{\\{[^}]*\\}\\}|https?://\\S*|[\\p{L}\\p{M}@.]+)`,
  'u',
);

function letterOf(ch: string): string {
  const cyrillic = LETTERS[ch.toLowerCase()];
  if (!cyrillic) return ch;
  return ch === ch.toLowerCase() ? cyrillic : cyrillic.toUpperCase();
}

/** Loanwords Serbian Cyrillic spells by sound, not letter by letter. */
const SPELLED: Record<string, string> = { email: 'имејл', Email: 'Имејл' };

function word(text: string): string {
  if (KEEP_WORD.test(text)) return text;
  if (SPELLED[text]) return SPELLED[text];
  // Where a prefix ends, its last letter and the next are two letters, not a digraph.
  const prefixEnd = SPLIT_WORDS.test(text) ? (SPLIT_DIGRAPH.exec(text)?.[0].length ?? 0) - 1 : -1;
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const pair = text.slice(i, i + 2);
    const digraph = i === prefixEnd ? undefined : DIGRAPHS[pair.toLowerCase()];
    if (digraph) {
      // "Lj" and "LJ" are both the capital Љ.
      out += pair === pair.toLowerCase() ? digraph : digraph.toUpperCase();
      i++;
    } else out += letterOf(text[i]);
  }
  return out;
}

/** The Cyrillic of a Serbian Latin text; kept spans lose their markers. */
export function toCyrillic(text: string): string {
  return text
    .split(TOKENS)
    .map((part, i) => {
      if (i % 2 === 0) return part; // between tokens: spaces and punctuation
      if (part.startsWith(KEEP_OPEN)) return part.slice(1, -1);
      if (/^(%\{|\{\{|https?:)/.test(part)) return part;
      // A word ending a sentence keeps its period out of the word test ("Encore.").
      const [, body, dots] = /^(.*?)(\.*)$/u.exec(part) ?? [part, part, ''];
      return word(body) + dots;
    })
    .join('');
}

/** Latin text with its kept spans' markers removed (what the Latin page shows). */
export const withoutKeepMarks = (text: string) => text.replace(/[\uE000\uE001]/g, '');

/** Text that toCyrillic leaves as written: a song's or a band's name inside a translated sentence. */
export const keep = (text: string) => `${KEEP_OPEN}${text}${KEEP_CLOSE}`;

type Tree = { [key: string]: string | Tree | ((...args: never[]) => string) };

/** A whole message tree in Cyrillic: strings transliterated, functions' answers too. */
export function cyrillicTree<T>(tree: T): T {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(tree as Tree)) {
    out[key] =
      typeof value === 'string'
        ? toCyrillic(value)
        : typeof value === 'function'
          ? (...args: never[]) => toCyrillic(value(...args))
          : cyrillicTree(value);
  }
  return out as T;
}
