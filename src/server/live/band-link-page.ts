/**
 * The page PUBLIC_URL/r/<slug> shows when none of the band's gigs takes requests now (issue 13,
 * point 1): the band's name and its next gig, in Serbian (Latin) or English by the phone's
 * languages, as the audience page chooses. Every text from the database is escaped.
 */
type Lang = 'sr' | 'en';

const TEXTS = {
  en: {
    noGigNow: 'The band is not taking requests right now.',
    next: 'Next gig',
    none: 'No gig is planned yet.',
    unknown: 'There is no band at this address. Check the link or scan the code again.',
  },
  sr: {
    noGigNow: 'Bend trenutno ne prima zahteve.',
    next: 'Sledeća svirka',
    none: 'Još nema zakazanih svirki.',
    unknown: 'Na ovoj adresi nema benda. Proverite link ili ponovo skenirajte kod.',
  },
};

const SERBIAN_LIKE = /^(sr|hr|bs|sh|cnr)\b/i;

/** The first language of Accept-Language (by its q weights) that the page speaks; English else. */
export function languageOf(acceptLanguage: string | undefined): Lang {
  const tags = (acceptLanguage ?? '')
    .split(',')
    .map((part, index) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.tag && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of tags) {
    if (SERBIAN_LIKE.test(tag)) return 'sr';
    if (/^en\b/i.test(tag)) return 'en';
  }
  return 'en';
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]);

/** A wall-clock start (YYYY-MM-DDTHH:MM) as the locale writes it, never shifted by time zones. */
function when(lang: Lang, pocetak: string) {
  const at = new Date(`${pocetak}:00Z`);
  if (Number.isNaN(at.getTime())) return pocetak;
  return new Intl.DateTimeFormat(lang === 'sr' ? 'sr-Latn-RS' : 'en-GB', {
    timeZone: 'UTC',
    weekday: 'short',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  }).format(at);
}

function page(lang: Lang, title: string, body: string) {
  return `<!doctype html>
<html lang="${lang === 'sr' ? 'sr-Latn' : 'en'}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
body{font-family:system-ui,sans-serif;margin:0;padding:2rem 1.25rem;background:#111;color:#f5f5f5;line-height:1.5}
main{max-width:32rem;margin:0 auto}h1{font-size:1.75rem;margin:0 0 1rem}h2{font-size:1.1rem;margin:1.5rem 0 .25rem;color:#ffcc66}
p{margin:.25rem 0}
</style>
</head>
<body><main>${body}</main></body>
</html>
`;
}

export interface NextGig {
  naziv: string;
  lokacija: string;
  pocetak: string;
}

export function bandLinkPage(lang: Lang, band: string, next: NextGig | undefined) {
  const t = TEXTS[lang];
  const nextPart = next
    ? `<h2>${t.next}</h2><p><strong>${escapeHtml(next.naziv)}</strong></p>` +
      `<p>${escapeHtml(when(lang, next.pocetak))}</p><p>${escapeHtml(next.lokacija)}</p>`
    : `<p>${t.none}</p>`;
  return page(lang, band, `<h1>${escapeHtml(band)}</h1><p>${t.noGigNow}</p>${nextPart}`);
}

export function unknownBandPage(lang: Lang) {
  return page(lang, 'Encore', `<p>${TEXTS[lang].unknown}</p>`);
}
