import type { Translation } from '../i18n/types';
import type { en } from './messages';

/** The Serbian (Latin) of messages.ts: loaded only when Serbian is chosen (i18n/sr.ts). */
export const sr: Translation<typeof en> = {
  playlists: {
    list: {
      title: 'Plejliste',
      all: 'Sve plejliste',
      mine: 'Moje plejliste',
      others: 'Tuđe plejliste',
      search: 'Unesite naziv plejliste',
      songs: '%{smart_count} pesma |||| %{smart_count} pesme |||| %{smart_count} pesama',
    },
    add: {
      title: 'Dodaj plejlistu',
      save: 'Dodaj plejlistu',
      pending: 'Dodavanje plejliste, sačekajte...',
      success: 'Plejlista je dodata',
    },
    edit: {
      title: 'Izmena plejliste %{name}',
      save: 'Sačuvaj plejlistu',
      pending: 'Čuvanje plejliste, sačekajte...',
      success: 'Plejlista je sačuvana',
      loaded_with_errors: 'Plejlista je učitana sa greškama',
    },
    delete: {
      pending: 'Brisanje plejliste, sačekajte...',
      success: 'Plejlista je obrisana',
      success_named: 'Plejlista %{name} je obrisana (pesama: %{count})',
      error: 'Plejlista nije obrisana',
      bulk_pending:
        'Brisanje %{smart_count} plejliste, sačekajte... |||| Brisanje %{smart_count} plejliste, sačekajte... |||| Brisanje %{smart_count} plejlista, sačekajte...',
      bulk_success:
        '%{smart_count} plejlista je obrisana |||| %{smart_count} plejliste su obrisane |||| %{smart_count} plejlista je obrisano',
      gigs: 'Sviraju je nastupi: %{names}. Ostaće bez plejliste. Ovo se ne može poništiti.',
      active_gig: '%{name} (sada u toku)',
    },
    editor: {
      songs_heading: 'Pesme u plejlisti (%{count})',
      empty: 'Prevucite pesme ovde sa desne strane.',
      available_heading: 'Dostupne pesme',
      search: 'Unesite naziv pesme',
      loading: 'Učitavanje pesama',
      more: 'Još pesama',
      song: '%{title}, %{performer}',
      remove: 'Ukloni %{title}',
    },
    drag: {
      instructions:
        'Pritisnite razmaknicu da podignete pesmu. Strelicama je pomerate, razmaknicom spuštate, a tasterom Escape odustajete.',
      playlist: 'plejliste',
      available: 'dostupnih pesama',
      lifted: 'Podigli ste pesmu %{title}, na mestu %{position} %{list}.',
      over: '%{title} je iznad mesta %{position} %{list}.',
      nowhere: '%{title} nije iznad mesta gde se može spustiti.',
      moved: '%{title} je pomerena sa mesta %{from} na mesto %{to}.',
      added: '%{title} je dodata na vrh plejliste.',
      already: '%{title} je već u plejlisti; ništa se nije promenilo.',
      removed: '%{title} je uklonjena iz plejliste.',
      cancelled: 'Pomeranje je otkazano. %{title} je vraćena na svoje mesto.',
      dropped_nowhere: '%{title} je spuštena gde ne može da stoji; ništa se nije promenilo.',
    },
    paste: {
      open: 'Nalepi spisak pesama',
      title: 'Nalepi spisak pesama',
      setlist: 'Spisak pesama',
      help: 'Jedna pesma u redu: "Naslov - Izvođač" ili samo "Naslov".',
      found: 'Pronađeno: %{count}',
      found_list: 'Pronađene pesme',
      song: '%{title} - %{performer}',
      best_guess: 'najbliže za "%{title}"',
      not_found: 'Nije pronađeno: %{count}',
      not_found_list: 'Nepronađene pesme',
      needs_performer: 'Da bi se pesma ovde napravila, potreban je i izvođač ("Naslov - Izvođač").',
      cancel: 'Otkaži',
      create: 'Napravi nedostajuće pesme (%{count})',
      add: 'Dodaj %{smart_count} pesmu |||| Dodaj %{smart_count} pesme |||| Dodaj %{smart_count} pesama',
      in_playlist: 'već je u plejlisti',
      repeated: 'ponavlja se iznad',
      find: 'Pronađi pesme',
      pending: 'Dodavanje pesama, sačekajte...',
      success: 'Dodato pesama: %{count}',
    },
  },
};
