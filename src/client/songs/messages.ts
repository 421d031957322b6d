import type { FolderMessages } from '../i18n/types';

/** Songs: the spec's strings (en) and Serbian. */
const en = {
  songs: {
    list: {
      title: 'Songs',
      all: 'All Songs',
      mine: 'My Songs',
      others: 'Other Songs',
      search: 'Search by song name or performer',
    },
    add: {
      title: 'Add song',
      save: 'Add Song',
      pending: 'Adding song, please wait...',
      success: 'Song has been added',
    },
    edit: {
      title: 'Edit: %{title}',
      save: 'Update Song',
      pending: 'Updating song, please wait...',
      success: 'Song has been updated',
    },
    delete: {
      pending: 'Removing song, please wait...',
      success: 'Song has been deleted',
      error: 'Song not deleted',
    },
    fields: {
      title: 'Title',
      performer: 'Performer',
      resource_link: 'Resource link',
      resource_link_help: 'An http:// or https:// address',
      resource_file: 'Resource file',
      remove_resource: 'Remove resource file',
    },
    resource: {
      heading: 'Resource',
      audio: 'Resource audio',
      preview: 'Resource preview',
      open_link: 'Open resource link',
      none: 'No resource yet',
    },
    import: {
      title: 'Import songs',
      intro:
        'A CSV file with a header row: title and performer, and if you like visible and resource link. Comma or semicolon separated, UTF-8 (Excel: "CSV UTF-8").',
      choose: 'Choose CSV file',
      file: 'CSV file',
      no_file: 'No file chosen',
      preview: 'Preview',
      unreadable: 'The file could not be read.',
      pending: 'Importing songs, please wait...',
      success: 'Imported %{count} songs',
      line: 'Line',
      to_add_heading: '%{count} songs to add',
      to_add: 'Songs to add',
      new_performers: 'New performers: %{names}',
      duplicates_heading: '%{count} already in your songs (skipped)',
      duplicates: 'Duplicates',
      same_as_line: 'same as line %{line}',
      already_added: 'already added',
      problems_heading: '%{count} rows with problems (skipped)',
      problems: 'Problems',
      problem_rows: 'Rows with problems',
      problem: 'Line %{line}: %{reason}',
      confirm: 'Import %{count} songs',
    },
  },
};

const sr: FolderMessages<typeof en>['sr'] = {
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
      title: 'Izmena: %{title}',
      save: 'Sačuvaj pesmu',
      pending: 'Čuvanje pesme, sačekajte...',
      success: 'Pesma je sačuvana',
    },
    delete: {
      pending: 'Brisanje pesme, sačekajte...',
      success: 'Pesma je obrisana',
      error: 'Pesma nije obrisana',
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
      duplicates: 'Duplikati',
      same_as_line: 'isto kao red %{line}',
      already_added: 'već dodato',
      problems_heading: 'Redova sa greškom (preskočeno): %{count}',
      problems: 'Greške',
      problem_rows: 'Redovi sa greškom',
      problem: 'Red %{line}: %{reason}',
      confirm: 'Uvezi pesama: %{count}',
    },
  },
};

export const songsMessages: FolderMessages<typeof en> = { en, sr };
