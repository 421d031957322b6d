import type { FolderMessages } from '../i18n/types';

/** Bands: the spec's strings (en) and Serbian. */
const en = {
  bands: {
    list: {
      title: 'Band Management',
      add: 'Add Band',
      loading: 'Loading bands...',
      failed: 'Failed to fetch bands',
      empty: 'No bands found in the system.',
      label: 'Bands',
      users: 'Users',
      users_of: 'Users of %{name}',
      members: '%{smart_count} user |||| %{smart_count} users',
    },
    form: {
      add_title: 'Add New Band',
      edit_title: 'Edit Band',
      name: 'Band Name',
      email: 'Email',
      email_help: 'Optional.',
      slug: 'Band link',
      slug_help:
        'The short name in the band link (/r/<name>): lowercase letters, digits and hyphens. Empty: made from the band name.',
      picture: 'Band Picture',
      remove_picture: 'Remove the current picture',
      not_image: 'Choose an image file (PNG, JPEG, GIF or WebP).',
      picture_kept: 'Current picture kept',
      no_picture: 'No picture chosen',
      add: 'Add Band',
      save: 'Save Changes',
    },
    add: {
      success: 'Band added successfully!',
      failed: 'Failed to add band',
      network: 'Error adding band',
    },
    edit: {
      success: 'Band updated successfully!',
      failed: 'Failed to update band',
      network: 'Error updating band',
    },
    delete: {
      title: 'Delete Band',
      confirm: 'Delete %{name}?',
      members_left:
        'Its %{smart_count} user will be left with no band. |||| Its %{smart_count} users will be left with no band.',
      owns: '%{message} Deleting the band deletes all of it too. This cannot be undone.',
      cascade: 'Delete band and all its data',
      success: 'Band deleted successfully!',
      failed: 'Failed to delete band',
      network: 'Error deleting band',
    },
    members: {
      title: 'Manage Users: %{name}',
      loading: 'Loading users...',
      failed: 'Error: Failed to fetch users',
      empty: 'No users assigned to this band.',
      remove: 'Remove',
      remove_one: 'Remove %{name}',
      removed: 'User removed from band successfully!',
      remove_failed: 'Failed to remove user',
      remove_network: 'Error removing user from band',
    },
    former: {
      own: {
        title: 'Former links',
        help: 'Links this band used before. Their printed QR codes still lead to the band, and no other band may take them until you release one.',
      },
      deleted: {
        title: 'Links of deleted bands',
        help: 'Printed QR codes of these links lead nowhere, and no band may take them until you release one.',
      },
      release: 'Release',
      release_one: 'Release %{link}',
      confirm_title: 'Release %{link}?',
      confirm:
        'Another band may then take it, and the printed QR codes of %{name} with this link will open that band’s gigs.',
      releasing: 'Releasing the link...',
      released: 'Link released: another band may take it now.',
    },
  },
};

const sr: FolderMessages<typeof en>['sr'] = {
  bands: {
    list: {
      title: 'Upravljanje bendovima',
      add: 'Dodaj bend',
      loading: 'Učitavanje bendova...',
      failed: 'Bendovi nisu učitani',
      empty: 'U sistemu nema bendova.',
      label: 'Bendovi',
      users: 'Korisnici',
      users_of: 'Korisnici benda %{name}',
      members: '%{smart_count} korisnik |||| %{smart_count} korisnika |||| %{smart_count} korisnika',
    },
    form: {
      add_title: 'Novi bend',
      edit_title: 'Izmena benda',
      name: 'Naziv benda',
      email: 'Email',
      email_help: 'Nije obavezno.',
      slug: 'Link benda',
      slug_help:
        'Kratko ime u linku benda (/r/<ime>): mala slova, cifre i crtice. Prazno: pravi se od naziva benda.',
      picture: 'Slika benda',
      remove_picture: 'Ukloni postojeću sliku',
      not_image: 'Izaberite sliku (PNG, JPEG, GIF ili WebP).',
      picture_kept: 'Zadržana je postojeća slika',
      no_picture: 'Slika nije izabrana',
      add: 'Dodaj bend',
      save: 'Sačuvaj izmene',
    },
    add: {
      success: 'Bend je dodat!',
      failed: 'Bend nije dodat',
      network: 'Greška pri dodavanju benda',
    },
    edit: {
      success: 'Bend je sačuvan!',
      failed: 'Bend nije sačuvan',
      network: 'Greška pri čuvanju benda',
    },
    delete: {
      title: 'Brisanje benda',
      confirm: 'Obrisati bend %{name}?',
      members_left:
        'Njegov %{smart_count} korisnik ostaće bez benda. |||| Njegova %{smart_count} korisnika ostaće bez benda. |||| Njegovih %{smart_count} korisnika ostaće bez benda.',
      owns: '%{message} Brisanjem benda briše se i sve to. Ovo se ne može poništiti.',
      cascade: 'Obriši bend i sve njegove podatke',
      success: 'Bend je obrisan!',
      failed: 'Bend nije obrisan',
      network: 'Greška pri brisanju benda',
    },
    members: {
      title: 'Korisnici benda: %{name}',
      loading: 'Učitavanje korisnika...',
      failed: 'Greška: korisnici nisu učitani',
      empty: 'Ovaj bend nema korisnika.',
      remove: 'Ukloni',
      remove_one: 'Ukloni korisnika %{name}',
      removed: 'Korisnik je uklonjen iz benda!',
      remove_failed: 'Korisnik nije uklonjen',
      remove_network: 'Greška pri uklanjanju korisnika iz benda',
    },
    former: {
      own: {
        title: 'Raniji linkovi',
        help: 'Linkovi koje je ovaj bend ranije koristio. Njihovi odštampani QR kodovi i dalje vode do benda, i nijedan drugi bend ne može da ih uzme dok ih ne oslobodite.',
      },
      deleted: {
        title: 'Linkovi obrisanih bendova',
        help: 'Odštampani QR kodovi ovih linkova ne vode nikuda, i nijedan bend ne može da ih uzme dok ih ne oslobodite.',
      },
      release: 'Oslobodi',
      release_one: 'Oslobodi %{link}',
      confirm_title: 'Osloboditi %{link}?',
      confirm:
        'Drugi bend će tada moći da ga uzme, a odštampani QR kodovi benda %{name} sa ovim linkom otvaraće svirke tog benda.',
      releasing: 'Oslobađanje linka...',
      released: 'Link je oslobođen: drugi bend sada može da ga uzme.',
    },
  },
};

export const bandsMessages: FolderMessages<typeof en> = { en, sr };
