import type { GigRow } from '../gigs/types';

const localDay = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

/**
 * The viewer area's order: today's gigs first, then the coming ones soonest first, then past ones
 * newest first. pocetak is the band's wall-clock time ("2026-11-21T21:00"), compared as text.
 */
export function orderForViewer(gigs: GigRow[], now = new Date()): (GigRow & { today: boolean })[] {
  const today = localDay(now);
  const rank = (gig: GigRow) => (gig.pocetak.startsWith(today) ? 0 : gig.pocetak > today ? 1 : 2);
  return [...gigs]
    .sort((a, b) => {
      const byRank = rank(a) - rank(b);
      if (byRank) return byRank;
      return rank(a) === 2 ? b.pocetak.localeCompare(a.pocetak) : a.pocetak.localeCompare(b.pocetak);
    })
    .map((gig) => ({ ...gig, today: rank(gig) === 0 }));
}
