import type { FolderMessages } from '../i18n/types';

/** Performers: the spec's strings (en) and Serbian. */
const en = {
  performers: {
    list: {
      title: 'Performers',
      all: 'All Performers',
      mine: 'My Performers',
      others: 'Other Performers',
      search: 'Search by name',
      public: 'Public',
      private: 'Private',
    },
    add: {
      title: 'Add performer',
      save: 'Add Performer',
      pending: 'Adding performer, please wait...',
      success: 'Performer has been added',
    },
    edit: {
      title: 'Edit performer %{name}',
      save: 'Update Performer',
      pending: 'Updating performer, please wait...',
      success: 'Performer has been updated',
    },
    delete: {
      pending: 'Removing performer, please wait...',
      success: 'Performer has been deleted',
      error: 'Performer not deleted',
      dialog_title: 'Performer deleted',
      id: 'ID %{id}',
      affected_songs: 'Izmenjeno pesama: %{count}',
      ok: 'OK',
    },
  },
};

const sr: FolderMessages<typeof en>['sr'] = {
  performers: {
    list: {
      title: 'Izvođači',
      all: 'Svi izvođači',
      mine: 'Moji izvođači',
      others: 'Tuđi izvođači',
      search: 'Pretraga po nazivu',
      public: 'Javno',
      private: 'Privatno',
    },
    add: {
      title: 'Dodaj izvođača',
      save: 'Dodaj izvođača',
      pending: 'Dodavanje izvođača, sačekajte...',
      success: 'Izvođač je dodat',
    },
    edit: {
      title: 'Izmena izvođača %{name}',
      save: 'Sačuvaj izvođača',
      pending: 'Čuvanje izvođača, sačekajte...',
      success: 'Izvođač je sačuvan',
    },
    delete: {
      pending: 'Brisanje izvođača, sačekajte...',
      success: 'Izvođač je obrisan',
      error: 'Izvođač nije obrisan',
      dialog_title: 'Izvođač je obrisan',
      id: 'ID %{id}',
      affected_songs: 'Izmenjeno pesama: %{count}',
      ok: 'U redu',
    },
  },
};

export const performersMessages: FolderMessages<typeof en> = { en, sr };
