import englishMessages from 'ra-language-english';
import { en as bands } from '../bands/messages';
import { en as gigs } from '../gigs/messages';
import { en as insights } from '../insights/messages';
import { en as history } from '../history/messages';
import { en as bandPage } from '../live/band/messages';
import { en as viewerArea } from '../live/messages';
import { en as performers } from '../performers/messages';
import { en as playlists } from '../playlists/messages';
import { en as songs } from '../songs/messages';
import { en as system } from '../system/messages';
import { en as users } from '../users/messages';
import { en as together } from '../together/messages';
import { en as common } from './common';
import { FIELD_NAMES, SERVER_MESSAGES } from '../../shared/server-messages';

/**
 * The panel in English: react-admin's own messages and each folder's, with the spec's strings. Each
 * folder keeps its Serbian in a file of its own (messages.sr.ts), so that it is loaded only when
 * chosen (i18n/sr.ts).
 */
export const en = {
  ...englishMessages,
  ...common,
  ...songs,
  ...performers,
  ...playlists,
  ...gigs,
  ...insights,
  ...system,
  ...users,
  ...bands,
  ...history,
  ...bandPage,
  ...viewerArea,
  ...together,
  // The server's sentences by code: in English, as the server says them.
  server: SERVER_MESSAGES,
  server_fields: Object.fromEntries(FIELD_NAMES.map((name) => [name, name])),
};
