import { say } from './server-messages.js';
import { foldLetters } from './search.js';

/** A band link's slug (issue 13, point 1): 2–40 lowercase letters, digits and inner hyphens. */
export const SLUG = /^[a-z0-9][a-z0-9-]{0,38}[a-z0-9]$/;
export const SLUG_MAX = 40;

export const SLUG_RULE = say('slug_rule');

/** A slug made from a band's name: "Đorđe & Ćevapi" becomes "djordje-cevapi". */
export function slugFromName(naziv: string): string {
  const base = foldLetters(naziv)
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, SLUG_MAX)
    .replace(/^-+|-+$/g, '');
  // A name of Cyrillic or signs only leaves too little: the link still needs a word.
  return base.length >= 2 ? base : base ? `band-${base}` : 'band';
}

/** The slug, or the first of slug-2, slug-3, ... that no other band has. */
export function freeSlug(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const suffix = `-${n}`;
    const candidate = `${base.slice(0, SLUG_MAX - suffix.length).replace(/-+$/, '')}${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}
