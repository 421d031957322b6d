import type { Translation } from '../i18n/types';
import type { en } from './messages';

/** The Serbian (Latin) of messages.ts: loaded only when Serbian is chosen (i18n/sr.ts). */
export const sr: Translation<typeof en> = {
  gigs: {
    list: {
      title: 'Nastupi',
      search: 'Pretraga po nazivu ili mestu',
      subtitle: '%{location} (%{start})',
    },
    band_link: {
      title: 'Link benda',
      help: 'Jedan QR kod za sve nastupe: otvara nastup koji upravo prima želje.',
    },
    add: {
      title: 'Dodaj nastup',
      save: 'Dodaj nastup',
      pending: 'Dodavanje nastupa, sačekajte...',
      success: 'Nastup je dodat',
    },
    edit: {
      title: 'Izmena nastupa',
      save: 'Sačuvaj nastup',
      pending: 'Čuvanje nastupa, sačekajte...',
      success: 'Nastup je sačuvan',
      band_url: 'Adresa za bend',
      public_url: 'Javna adresa',
      open_gig: 'Otvori nastup',
      open_qr: 'Otvori QR kod',
      open_screen: 'Otvori ekran za salu',
      print_qr: 'Štampaj QR kod',
      qr_failed: 'QR kod nije učitan.',
      scan: 'Skenirajte i zatražite pesmu',
    },
    delete: {
      pending: 'Brisanje nastupa, sačekajte...',
      success: 'Nastup je obrisan',
      success_named: 'Nastup %{name} je obrisan',
      error: 'Nastup nije obrisan',
    },
    summary: {
      title: 'Zahtevi',
      totals: 'Ukupno %{total}: odsvirano %{played}, odbijeno %{declined}, na čekanju %{waiting}.',
      chart: 'Zahtevi tokom vremena',
      bucket: '%{time}: %{count}',
      download: 'Preuzmi izveštaj (CSV)',
      top: 'Najtraženije',
      top_list: 'Najtraženije pesme',
      requests: '%{smart_count} zahtev |||| %{smart_count} zahteva |||| %{smart_count} zahteva',
    },
    qr: {
      title: 'QR kod za %{url}',
    },
    fields: {
      name: 'Naziv nastupa',
      location: 'Mesto',
      active: 'Nastup je aktivan',
      min_songs: 'Najmanje pesama između istih porudžbina',
      min_minutes: 'Najmanje minuta između istih porudžbina',
      artist_spacing: 'Pesama između istog izvođača',
      artist_spacing_hint:
        '0 = isključeno. Pesma se odbija dok je njen izvođač među poslednjim odsviranim pesmama ili čeka u redu na manje od ovoliko pesama pre nje.',
      minutes_per_song: 'Minuta po pesmi',
      minutes_per_song_hint:
        'Za procenu čekanja koju vide gosti: važi za pesme bez trajanja dok nastup ne dobije svoj ritam.',
      start: 'Početak',
      allow_messages: 'Dozvoli poruke',
      playlist: 'Plejlista',
      preview: 'Pesme plejliste %{name} (%{count})',
      preview_list: 'Pesme plejliste %{name}',
      loading_playlists: 'Učitavanje plejlisti, sačekajte...',
    },
  },
};
