import type { Translation } from '../i18n/types';
import type { en } from './messages';

/** Ekran Uvidi (issue 29, tačka 3). */
export const sr: Translation<typeof en> = {
  insights: {
    title: 'Uvidi',
    period: 'Razdoblje',
    from: 'Od',
    to: 'Do',
    band: 'Bend',
    all_bands: 'Svi bendovi',
    loading: 'Učitavanje uvida…',
    failed: 'Uvidi nisu mogli da se učitaju.',
    time_zone: 'Vremena su u zoni %{zone}.',
    download: 'Preuzmi CSV',
    download_named: 'Preuzmi CSV: %{name}',
    no_band: 'Morate pripadati bendu da biste videli njegove uvide.',
    nothing: 'U ovom periodu nije bilo zahteva.',
    totals: {
      title: 'Kako su se zahtevi završili',
      summary: 'Zahteva: %{total}, nastupa: %{gigs}.',
      played: 'Odsvirano',
      declined: 'Odbijeno',
      waiting: 'Ostalo na čekanju',
      share: '%{label}: %{count} (%{percent} %)',
    },
    gigs: {
      title: 'Zahtevi po nastupu',
      bar: '%{gig}, %{start}: %{count}',
    },
    hours: {
      title: 'Zahtevi po satu večeri',
      bar: '%{hour}:00 – %{count}',
    },
    songs: { title: 'Najtraženije pesme' },
    performers: { title: 'Najtraženiji izvođači' },
    misses: {
      title: 'Traženo, a nije nađeno',
      none: 'Svaka pretraga je našla pesmu.',
    },
    never: {
      title: 'Nikad tražene',
      summary:
        '%{smart_count} pesma repertoara nikad nije tražena. |||| %{smart_count} pesme repertoara nikad nisu tražene. |||| %{smart_count} pesama repertoara nikad nije traženo.',
      more: 'Prvih %{shown} po naslovu; CSV ima sve.',
    },
    count: '%{label}: %{count}',
  },
};
