import type { FolderMessages } from '../i18n/types';

/** Playlists: the spec's strings (en) and Serbian. */
const en = {
  playlists: {
    list: {
      title: 'Playlists',
      all: 'All Playlists',
      mine: 'My Playlists',
      others: 'Others Playlists',
      search: 'Search playlists',
    },
    add: {
      title: 'Add playlist',
      save: 'Add Playlist',
      pending: 'Adding playlist, please wait...',
      success: 'Playlist has been added',
    },
    edit: {
      title: 'Edit playlist %{name}',
      save: 'Update Playlist',
      pending: 'Updating playlist, please wait...',
      success: 'Playlist has been updated',
      loaded_with_errors: 'Playlist loaded with errors',
    },
    delete: {
      pending: 'Removing playlist, please wait...',
      success: 'Playlist has been deleted',
      error: 'Playlist not deleted',
    },
  },
};

const sr: FolderMessages<typeof en>['sr'] = {
  playlists: {
    list: {
      title: 'Plejliste',
      all: 'Sve plejliste',
      mine: 'Moje plejliste',
      others: 'Tuđe plejliste',
      search: 'Pretraga plejlisti',
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
      error: 'Plejlista nije obrisana',
    },
  },
};

export const playlistsMessages: FolderMessages<typeof en> = { en, sr };
