/**
 * Rules for the short message a guest may send with a request (issue 13, point 5), shared by the
 * audience page (to say so before sending) and the server (which decides).
 */
export const MAX_MESSAGE = 140;

/**
 * Whether the text carries a link: a scheme, "www.", or a name ending in a common top-level domain
 * ("moj-sajt.rs/x"). Links are refused so the band's tablet never shows something to tap on that a
 * stranger chose; an ordinary sentence ("hvala.Super") does not match.
 */
export function looksLikeLink(text: string): boolean {
  return (
    /\b[a-z][a-z0-9+.-]*:\/\//i.test(text) ||
    /\bwww\./i.test(text) ||
    /[\p{L}\p{N}-]+\.(?:com|net|org|info|biz|io|co|me|rs|ba|hr|si|mk|eu|de|at|ch|uk|us|ru|app|dev|site|online|xyz|link|ly|gg|tv|to)\b/iu.test(
      text,
    )
  );
}

/** The message as stored: trimmed, runs of spaces and line breaks made one space; empty is none. */
export function normalizeMessage(text: string | null | undefined): string | null {
  const cleaned = (text ?? '').replace(/\s+/g, ' ').trim();
  return cleaned || null;
}
