/**
 * Rules for the short message a guest may send with a request (issue 13, point 5), shared by the
 * audience page (to say so before sending) and the server (which decides).
 */
export const MAX_MESSAGE = 140;

/**
 * What shows nothing but can change what the rest shows or hides a link from the check (issue 23,
 * finding 12): controls but tabs and line breaks (NUL and the like), format characters (zero-width
 * spaces and joiners, bidi overrides and isolates, soft hyphens, tags) and unpaired surrogates. A
 * zero-width joiner between two emoji is kept: it draws them as one (❤️‍🔥).
 */
const INVISIBLE = /(?![\t\n\v\f\r])[\p{Cc}\p{Cf}\p{Cs}]/gu;
/** An emoji, maybe with its presentation selector or skin tone, ending (4 code units at most). */
const EMOJI_BEFORE = /\p{Extended_Pictographic}(?:\u{FE0F}|\p{Emoji_Modifier})?$/u;
const EMOJI_AFTER = /^\p{Extended_Pictographic}/u;

/**
 * Spaces and line breaks (JavaScript's \s but for the zero-width no-break space, which is taken out
 * instead), and letters drawn as nothing (Hangul fillers, the blank Braille pattern).
 */
const BLANKS =
  /[\t\n\v\f\r \u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000\u115F\u1160\u3164\uFFA0\u2800]+/g;

/** Something a reader sees: a letter, digit, punctuation or symbol (not only marks or blanks). */
const VISIBLE = /[\p{L}\p{N}\p{P}\p{S}]/u;

const joinsEmoji = (text: string, at: number) =>
  EMOJI_BEFORE.test(text.slice(Math.max(0, at - 4), at)) && EMOJI_AFTER.test(text.slice(at + 1, at + 3));

/** The text with its invisible characters taken out and each run of blanks made one space. */
const seen = (text: string) =>
  text
    .replace(INVISIBLE, (char, at: number, whole: string) =>
      char === '\u200D' && joinsEmoji(whole, at) ? char : '',
    )
    .replace(BLANKS, ' ');

/**
 * The message as stored: the invisible characters taken out, runs of spaces and line breaks made one
 * space, trimmed, composed (NFC). The guest's own letters stay as they are (Serbian Cyrillic too).
 * A message with nothing visible left is no message, as an empty one is: the guest sees nothing in
 * the field, so there is nothing to tell them.
 */
export function normalizeMessage(text: string | null | undefined): string | null {
  const cleaned = seen(text ?? '')
    .trim()
    .normalize('NFC');
  return VISIBLE.test(cleaned) ? cleaned : null;
}

/** Cyrillic and Greek letters drawn like Latin ones, as pairs: for the link check only. */
const LOOK_ALIKES = new Map(
  (
    'аa вb еe һh іi јj кk ԁd оo рp сc ѕs уy үy хx ԛq ԝw ӏl ' +
    'АA ВB ЕE КK МM НH ОO РP СC ТT УY ХX ЅS ІI ЈJ ԚQ ԜW ' +
    'αa βb γy ιi κk νv οo ρp τt υu χx ΑA ΒB ΕE ΖZ ΗH ΙI ΚK ΜM ΝN ΟO ΡP ΤT ΥY ΧX'
  )
    .split(' ')
    .map((pair) => [pair[0], pair[1]] as const),
);

/** Dots a reader takes for a full stop in an address (NFKD already makes ．and ․ a "."). */
const DOTS = /[\u3002\u06D4\u0701\u0702\u2E3C\u00B7\u2027\u2219\u22C5\u30FB]/g;

/**
 * The text as a reader would type it into a browser: nothing invisible, compatibility forms made
 * plain (NFKD: full-width letters and dots, ligatures, mathematical letters), marks dropped,
 * look-alike letters made Latin, and dots written around ("example[.]com", "example (dot) com",
 * "example . com") made dots.
 */
function asTyped(text: string): string {
  return seen(text)
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(DOTS, '.')
    .replace(/[\p{Script=Cyrillic}\p{Script=Greek}]/gu, (char) => LOOK_ALIKES.get(char) ?? char)
    .replace(/\s*[[({<]\s*(?:\.|dot|tacka)\s*[\])}>]\s*/giu, '.')
    .replace(/\s+\.\s*/g, '.');
}

/**
 * What reads as a link: a scheme ("https://", "mailto:", "javascript:"), "www.", an IP address, or a
 * name followed by a dot and a top-level domain of any name ("evil.shop", "пример.срб"). A capital
 * after the dot followed by small letters reads as a sentence that lost its space ("hvala.Super"),
 * and a digit as a number ("3.5"), so those pass unless a path follows ("Evil.Shop/x").
 */
const LINK = [
  /\b[a-z][a-z0-9+.-]{0,31}:\/\//i,
  /\b(?:mailto|javascript|vbscript|file):/i,
  /\bwww\./i,
  /[\p{L}\p{N}-]\.(?!\p{Lu}\p{Ll})\p{L}{2,}(?![\p{L}\p{N}])/u,
  /[\p{L}\p{N}-]\.\p{L}{2,}(?:\/|:\d)/u,
  /[\p{L}\p{N}-]\.xn--[a-z0-9-]+/iu,
  /(?<![\p{N}.])\d{1,3}(?:\.\d{1,3}){3}(?!\p{N})/u,
  // IPv6: eight groups, or fewer around "::" with a digit among them ("fe80::1", not "Deda::").
  /(?<![\p{L}\p{N}:])(?:[0-9a-f]{1,4}:){7}[0-9a-f]{1,4}(?![\p{L}\p{N}:])/iu,
  /(?<![\p{L}\p{N}:])(?=[0-9a-f:]*\d)(?:[0-9a-f]{1,4}(?::[0-9a-f]{1,4})*)?::(?:[0-9a-f]{1,4}(?::[0-9a-f]{1,4})*)?(?![\p{L}\p{N}:])/iu,
];

/**
 * Whether the text carries a link, as a reader would see it (asTyped). Links are refused so the
 * band's tablet never shows an address a stranger chose.
 */
export function looksLikeLink(text: string): boolean {
  const typed = asTyped(text);
  return LINK.some((pattern) => pattern.test(typed));
}
