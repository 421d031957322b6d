/**
 * Remembers a value computed for a list (its total) while the list's versions stay the same. The
 * repositories take one from the list cache (services/cache/list-cache.ts) without knowing of it.
 */
export type Memo = <T>(key: string, compute: () => Promise<T>) => Promise<T>;
export const noMemo: Memo = (_key, compute) => compute();
