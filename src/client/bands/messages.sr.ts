import type { Translation } from '../i18n/types';
import type { en } from './messages';

/** The Serbian (Latin) of messages.ts: loaded only when Serbian is chosen (i18n/sr.ts). */
export const sr: Translation<typeof en> = {
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
