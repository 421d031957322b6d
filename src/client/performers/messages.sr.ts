import type { Translation } from '../i18n/types';
import type { en } from './messages';

/** The Serbian (Latin) of messages.ts: loaded only when Serbian is chosen (i18n/sr.ts). */
export const sr: Translation<typeof en> = {
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
      bulk_pending: 'Brisanje %{smart_count} izvođača, sačekajte...',
      bulk_success:
        '%{smart_count} izvođač je obrisan |||| %{smart_count} izvođača su obrisana |||| %{smart_count} izvođača je obrisano',
      dialog_title: 'Izvođač je obrisan',
      id: 'ID %{id}',
      affected_songs: 'Izmenjeno pesama: %{count}',
      ok: 'U redu',
    },
  },
};
