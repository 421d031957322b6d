import type { Translation } from '../../i18n/types';
import type { en } from './messages';

/** The Serbian (Latin) of messages.ts: loaded only when Serbian is chosen (i18n/sr.ts). */
export const sr: Translation<typeof en> = {
  band_page: {
    title: 'Red zahteva uživo',
    sign_in_hint: 'Prijavite se kao član benda da biste videli zahteve za ovaj nastup.',
    sign_in: 'Prijavi se',
    loading: 'Učitavanje reda zahteva…',
    open_screen: 'Otvori ekran za salu',
    live: 'Uživo',
    reconnecting: 'Ponovo se povezujem…',
    taking_requests: 'Primamo zahteve',
    paused: 'Zahtevi su pauzirani',
    by_demand: 'Najtraženije prvo',
    empty: 'Nema zahteva na čekanju.',
    queue: 'Tražene pesme',
    song: {
      requests: '%{smart_count} zahtev |||| %{smart_count} zahteva |||| %{smart_count} zahteva',
      at: 'u %{time}',
      first_last: 'prvi u %{first}, poslednji u %{last}',
      open: 'Otvori',
      open_song: 'Otvori %{song}',
      move_up: 'Pomeri %{song} gore',
      move_down: 'Pomeri %{song} dole',
      played: 'Odsvirano',
      played_song: 'Odsvirano: %{song}',
      decline: 'Odbij',
      decline_song: 'Odbij %{song}',
      messages: 'Poruke uz %{song}',
      message: '„%{message}“',
      hide: 'Sakrij',
      hide_message: 'Sakrij poruku „%{message}“',
    },
    stage: {
      back: 'Nazad',
      open_link: 'Otvori link',
      open_the_link: 'Otvori link',
      loading: 'Učitavanje…',
      has_link: 'Ova pesma ima link za akorde ili tekst.',
      nothing: 'Za ovu pesmu nema akorda ni teksta.',
      image: 'Akordi i tekst: %{song}',
      pdf: '%{song} (PDF)',
    },
  },
};
