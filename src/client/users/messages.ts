import type { FolderMessages } from '../i18n/types';

/** Users: the spec's strings (en) and Serbian. */
const en = {
  users: {
    list: {
      title: 'User Management',
      add: '+ Add New User',
      loading: 'Loading users...',
      failed: 'Error: Failed to fetch users',
      empty: 'No users found.',
      table: 'Users',
      user: 'User',
      email: 'Email',
      role: 'Role',
      band: 'Band',
      actions: 'Actions',
      no_band: 'No band assigned',
      role_of: 'Role of %{name}',
      band_of: 'Band of %{name}',
    },
    row: {
      role_changed: '%{name} is now %{role}.',
      band_changed: '%{name} is now in %{band}.',
      band_cleared: '%{name} has no band now.',
      role_failed: 'Error updating user role',
      band_failed: 'Error updating user band',
    },
    form: {
      add_title: 'Add New User',
      edit_title: 'Edit User',
      name: 'Name',
      email: 'Email',
      password: 'Password',
      role: 'Role',
      band: 'Band',
      password_new: 'At least 8 characters.',
      password_keep: 'Leave blank to keep the current password.',
      required: 'Please fill in all required fields',
      add: 'Add User',
      save: 'Save Changes',
    },
    add: {
      success: 'User added successfully!',
      failed: 'Failed to add user',
      network: 'Network error adding user',
    },
    edit: {
      success: 'User updated successfully!',
      failed: 'Failed to update user',
      network: 'Network error updating user',
    },
    delete: {
      title: 'Delete User',
      confirm: 'Delete %{name} (%{email})? They will be signed out. Their band keeps its songs and gigs.',
      success: 'User deleted successfully!',
      failed: 'Failed to delete user: %{message}',
      unknown: 'Unknown error',
    },
  },
};

const sr: FolderMessages<typeof en>['sr'] = {
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

export const usersMessages: FolderMessages<typeof en> = { en, sr };
