import type { Translation } from '../i18n/types';
import type { en } from './messages';

/** The Serbian (Latin) of messages.ts: loaded only when Serbian is chosen (i18n/sr.ts). */
export const sr: Translation<typeof en> = {
  viewer_area: {
    title: 'Prostor za posmatrače',
    signed_in: 'Prijavljeni ste kao %{name} · Bend: %{band}',
    gigs: 'Nastupi',
    loading: 'Učitavanje nastupa…',
    failed: 'Nastupi nisu učitani: %{message}',
    empty: 'Vaš bend još nema nastupa.',
    today: 'Danas',
  },
};
