/**
 * Folds text for case- and diacritic-insensitive search: lower case, Đ/đ as "dj" (as Serbian
 * Latin is typed without diacritics), every other accent dropped. The server stores this form in
 * each table's `search` column and folds the query the same way.
 */
export function foldForSearch(text: string): string {
  return text
    .toLowerCase()
    .replace(/đ/g, 'dj')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/\s+/g, ' ')
    .trim();
}
