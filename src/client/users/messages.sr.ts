import type { Translation } from '../i18n/types';
import type { en } from './messages';

/** The Serbian (Latin) of messages.ts: loaded only when Serbian is chosen (i18n/sr.ts). */
export const sr: Translation<typeof en> = {
  users: {
    list: {
      title: 'Upravljanje korisnicima',
      add: '+ Dodaj korisnika',
      loading: 'Učitavanje korisnika...',
      failed: 'Greška: korisnici nisu učitani',
      empty: 'Nema korisnika.',
      table: 'Korisnici',
      user: 'Korisnik',
      email: 'Email',
      role: 'Uloga',
      band: 'Bend',
      actions: 'Akcije',
      no_band: 'Bez benda',
      role_of: 'Uloga korisnika %{name}',
      band_of: 'Bend korisnika %{name}',
    },
    row: {
      role_changed: '%{name} sada ima ulogu: %{role}.',
      band_changed: '%{name} je sada u bendu %{band}.',
      band_cleared: '%{name} sada nema bend.',
      role_failed: 'Greška pri promeni uloge korisnika',
      band_failed: 'Greška pri promeni benda korisnika',
    },
    form: {
      add_title: 'Novi korisnik',
      edit_title: 'Izmena korisnika',
      name: 'Ime',
      email: 'Email',
      password: 'Lozinka',
      role: 'Uloga',
      band: 'Bend',
      password_new: 'Najmanje 8 karaktera.',
      password_keep: 'Ostavite prazno da zadržite postojeću lozinku.',
      required: 'Popunite sva obavezna polja',
      add: 'Dodaj korisnika',
      save: 'Sačuvaj izmene',
    },
    add: {
      success: 'Korisnik je dodat!',
      failed: 'Korisnik nije dodat',
      network: 'Greška na mreži pri dodavanju korisnika',
    },
    edit: {
      success: 'Korisnik je sačuvan!',
      failed: 'Korisnik nije sačuvan',
      network: 'Greška na mreži pri čuvanju korisnika',
    },
    delete: {
      title: 'Brisanje korisnika',
      confirm:
        'Obrisati korisnika %{name} (%{email})? Biće odjavljen. Njegov bend zadržava svoje pesme i nastupe.',
      success: 'Korisnik je obrisan!',
      failed: 'Korisnik nije obrisan: %{message}',
      unknown: 'nepoznata greška',
    },
  },
};
