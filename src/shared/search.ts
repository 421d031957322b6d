/**
 * Folds text to its letters: lower case, Đ/đ as "dj" (as Serbian Latin is typed without
 * diacritics), every other accent dropped, white space as one space. Slugs are made of these.
 */
export function foldLetters(text: string): string {
  return text
    .toLowerCase()
    .replace(/đ/g, 'dj')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The letters with "dj" read as "d": Đ typed as "dj", as "d" or both ways in one word reads alike. */
const djAsD = (letters: string) => letters.replace(/dj/g, 'd');

/**
 * What each table's `search` column holds for a name, and what names are compared by (import,
 * setlist match): its letters (foldLetters), and, when they hold a "dj" (from Đ or typed), a second
 * line with every "dj" read as "d" (docs/decisions.md, "Đ in searches"). A search (foldQuery) is
 * looked for as a substring of either line; the lists keep the letters' order.
 */
export function foldForSearch(text: string): string {
  const letters = foldLetters(text);
  const read = djAsD(letters);
  return read === letters ? letters : `${letters}\n${read}`;
}

/**
 * A search as it is looked for in foldForSearch's text: its letters with "dj" read as "d", so that
 * "djordje", "dorde" and "dordje" all find "Đorđe". A search of two letters keeps its "dj" (a search
 * for "dj" or "đ" finds the names that hold one), which read as "d" would find every "d". Never holds
 * a line break, so it never spans the two lines.
 */
export function foldQuery(q: string): string {
  const letters = foldLetters(q);
  return [...letters].length <= 2 ? letters : djAsD(letters);
}
