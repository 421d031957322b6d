/** A translation of a message tree: the same keys, every leaf a string. The compiler then refuses a
 *  locale that misses or adds a key. */
export type Translation<T> = { [K in keyof T]: T[K] extends string ? string : Translation<T[K]> };
