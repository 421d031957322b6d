import type { Translation } from '../i18n/types';
import type { en } from './messages';

/** The Serbian (Latin) of messages.ts: loaded only when Serbian is chosen (i18n/sr.ts). */
export const sr: Translation<typeof en> = {
  together: {
    also_here: 'Ovde su i:',
    also_here_label: 'Ovde su i: %{names}',
  },
};
