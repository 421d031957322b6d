import englishMessages from 'ra-language-english';
import { en as gigs } from '../gigs/messages';
import { en as performers } from '../performers/messages';
import { en as playlists } from '../playlists/messages';
import { en as songs } from '../songs/messages';
import { en as together } from '../together/messages';
import { en as common } from './common';

/**
 * The panel in English: react-admin's own messages and each folder's, with the spec's strings. Each
 * folder keeps its Serbian in a file of its own (messages.sr.ts), so that it is loaded only when
 * chosen (i18n/sr.ts). The screens that load on their own bring their English with them
 * (`addEnglish` in i18n/index.ts; listed in i18n/screens.ts): the band page, the viewer area,
 * Insights, the history and the Activity Log, the system pages, the users and bands screens and the
 * conflict dialog. The
 * server's sentences need no English here: each comes with its English, which is what
 * shared/server-messages.ts gives, and the panel shows it where it has no other language's
 * (providers/readersLanguage.ts); Serbian has them all (i18n/server.sr.ts).
 */
export const en = {
  ...englishMessages,
  ...common,
  ...songs,
  ...performers,
  ...playlists,
  ...gigs,
  ...together,
};
