import type { FolderMessages } from '../i18n/types';

/** Gigs: the spec's strings (en) and Serbian. */
const en = {
  gigs: {
    list: {
      title: 'Gigs',
      search: 'Search by name or location',
      subtitle: '%{location} (%{start})',
    },
    band_link: {
      title: 'Band link',
      help: 'One QR code for every gig: it opens the gig that takes requests now.',
    },
    add: {
      title: 'Add gig',
      save: 'Add Gig',
      pending: 'Adding gig, please wait...',
      success: 'Gig has been added',
    },
    edit: {
      title: 'Edit Gig',
      save: 'Update Gig',
      pending: 'Updating gig, please wait...',
      success: 'Gig has been updated',
      band_url: 'Band URL',
      public_url: 'Public URL',
      open_gig: 'Open Gig',
      open_qr: 'Open QRC',
      open_screen: 'Open Screen',
      print_qr: 'Print QRC',
      qr_failed: 'Could not load the QR code.',
      scan: 'Scan to request a song',
    },
    delete: {
      pending: 'Removing gig, please wait...',
      success: 'Gig has been deleted',
      success_named: 'Gig %{name} has been deleted',
      error: 'Gig not deleted',
    },
    summary: {
      title: 'Requests',
      totals: '%{total} in all: %{played} played, %{declined} declined, %{waiting} waiting.',
      chart: 'Requests over time',
      bucket: '%{time}: %{count}',
      download: 'Download report (CSV)',
      top: 'Most requested',
      top_list: 'Most requested songs',
      requests: '%{smart_count} request |||| %{smart_count} requests',
    },
    qr: {
      title: 'QR code for %{url}',
    },
    fields: {
      name: 'Gig name',
      location: 'Location',
      active: 'Gig Active',
      min_songs: 'Minimum songs between same orders',
      min_minutes: 'Minimum minutes between same orders',
      start: 'Start time',
      allow_messages: 'Allow messages',
      playlist: 'Playlist',
      preview: 'Songs of %{name} (%{count})',
      preview_list: 'Songs of %{name}',
      loading_playlists: 'Loading playlists, please wait...',
    },
  },
};

const sr: FolderMessages<typeof en>['sr'] = {
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
      start: 'Početak',
      allow_messages: 'Dozvoli poruke',
      playlist: 'Plejlista',
      preview: 'Pesme plejliste %{name} (%{count})',
      preview_list: 'Pesme plejliste %{name}',
      loading_playlists: 'Učitavanje plejlisti, sačekajte...',
    },
  },
};

export const gigsMessages: FolderMessages<typeof en> = { en, sr };
