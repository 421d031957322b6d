import type { Translation } from '../i18n/types';
import type { en } from './messages';

/** The Serbian (Latin) of messages.ts: loaded only when Serbian is chosen (i18n/sr.ts). */
export const sr: Translation<typeof en> = {
  songs: {
    list: {
      title: 'Pesme',
      all: 'Sve pesme',
      mine: 'Moje pesme',
      others: 'Tuđe pesme',
      search: 'Pretraga po nazivu pesme ili izvođaču',
    },
    add: {
      title: 'Dodaj pesmu',
      save: 'Dodaj pesmu',
      pending: 'Dodavanje pesme, sačekajte...',
      success: 'Pesma je dodata',
    },
    edit: {
      title: 'Izmena: %{name}',
      save: 'Sačuvaj pesmu',
      pending: 'Čuvanje pesme, sačekajte...',
      success: 'Pesma je sačuvana',
    },
    delete: {
      pending: 'Brisanje pesme, sačekajte...',
      success: 'Pesma je obrisana',
      error: 'Pesma nije obrisana',
      bulk_pending:
        'Brisanje %{smart_count} pesme, sačekajte... |||| Brisanje %{smart_count} pesme, sačekajte... |||| Brisanje %{smart_count} pesama, sačekajte...',
      bulk_success:
        '%{smart_count} pesma je obrisana |||| %{smart_count} pesme su obrisane |||| %{smart_count} pesama je obrisano',
    },
    fields: {
      title: 'Naslov',
      performer: 'Izvođač',
      resource_link: 'Link ka materijalu',
      resource_link_help: 'Adresa koja počinje sa http:// ili https://',
      resource_file: 'Datoteka materijala',
      remove_resource: 'Ukloni datoteku materijala',
    },
    resource: {
      heading: 'Materijal',
      audio: 'Zvučni zapis',
      preview: 'Pregled materijala',
      open_link: 'Otvori link ka materijalu',
      none: 'Još nema materijala',
    },
    import: {
      title: 'Uvoz pesama',
      intro:
        'CSV datoteka sa zaglavljem: naslov i izvođač, a po želji i vidljivost i link ka materijalu. Razdvojeno zarezom ili tačkom-zarezom, UTF-8 (Excel: "CSV UTF-8").',
      choose: 'Izaberi CSV datoteku',
      file: 'CSV datoteka',
      no_file: 'Datoteka nije izabrana',
      preview: 'Pregled',
      unreadable: 'Datoteka nije mogla da se pročita.',
      pending: 'Uvoz pesama, sačekajte...',
      success: 'Uvezeno pesama: %{count}',
      line: 'Red',
      to_add_heading: 'Za dodavanje: %{count}',
      to_add: 'Pesme za dodavanje',
      new_performers: 'Novi izvođači: %{names}',
      duplicates_heading: 'Već postoji u vašim pesmama (preskočeno): %{count}',
      duplicates: 'Već postoji u vašim pesmama',
      repeated_heading: 'Ponovljeno u ovoj datoteci (preskočeno): %{count}',
      repeated: 'Ponovljeno u ovoj datoteci',
      same_as_line: 'isto kao red %{line}',
      problems_heading: 'Redova sa greškom (preskočeno): %{count}',
      problems: 'Greške',
      problem_rows: 'Redovi sa greškom',
      problem: 'Red %{line}: %{reason}',
      confirm: 'Uvezi pesama: %{count}',
    },
  },
};
