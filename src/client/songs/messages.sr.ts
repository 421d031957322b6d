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
      key: 'Tonalitet',
      key_help: 'Kao %{examples}',
      tempo: 'Tempo (BPM)',
      duration: 'Trajanje',
      duration_help: 'Minuti i sekunde, kao 3:45',
      chart: 'Akordski zapis (ChordPro)',
      chart_help: 'Akordi u uglastim zagradama ispred sloga, delovi i komentari u vitičastim: %{example}',
      chart_file: 'Učitaj ChordPro datoteku',
    },
    validation: {
      key: 'Nota od A do G, sa # ili b po potrebi i m za mol (kao %{examples})',
      tempo: 'Ceo broj udaraca u minuti od %{min} do %{max}',
      duration: 'Minuti i sekunde (kao 3:45) ili sekunde, najviše %{hours} sati',
      chart_size: 'Najviše %{max} kB',
      chart_file: 'Ova datoteka je veća od %{max} kB: da li je to ChordPro zapis?',
    },
    chart: {
      preview: 'Pregled akorda',
      preview_empty: 'Zapis se ovde prikazuje dok ga pišete.',
      unreadable:
        'Zapis nije mogao da se pročita u redu %{line}, koloni %{column}; prikazan je kako je napisan.',
      key: 'Tonalitet: %{key}',
      sections: {
        verse: 'Strofa',
        chorus: 'Refren',
        bridge: 'Most',
        tab: 'Tablatura',
        grid: 'Mreža akorda',
      },
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
        'CSV datoteka sa zaglavljem: naslov i izvođač, a po želji i vidljivost, link ka materijalu, tonalitet, tempo (BPM), trajanje (m:ss) i akordski zapis (ChordPro). Razdvojeno zarezom ili tačkom-zarezom, UTF-8 (Excel: "CSV UTF-8").',
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
