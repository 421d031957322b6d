/**
 * Remembers a value computed for a list (its total) while the list's versions stay the same. The
 * repositories take one from the list cache (services/cache/list-cache.ts) without knowing of it.
 */
export type Memo = <T>(key: string, compute: () => Promise<T>) => Promise<T>;
export const noMemo: Memo = (_key, compute) => compute();

/**
 * The start of a key whose value belongs to the caller's scope whatever the search (a part's size),
 * which a new word typed in an unchanged list finds kept (bench/list-probe.ts keeps these alone for
 * a search's first page).
 */
export const SCOPE = 'scope:';
