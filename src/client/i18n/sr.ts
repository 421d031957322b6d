import { sr as bands } from '../bands/messages.sr';
import { sr as gigs } from '../gigs/messages.sr';
import { sr as insights } from '../insights/messages.sr';
import { sr as history } from '../history/messages.sr';
import { sr as bandPage } from '../live/band/messages.sr';
import { sr as viewerArea } from '../live/messages.sr';
import { sr as performers } from '../performers/messages.sr';
import { sr as playlists } from '../playlists/messages.sr';
import { sr as songs } from '../songs/messages.sr';
import { sr as system } from '../system/messages.sr';
import { sr as users } from '../users/messages.sr';
import { sr as together } from '../together/messages.sr';
import { sr as common } from './common.sr';
import { sr as conflict } from '../components/conflict/messages.sr';
import { raSerbian } from './ra-serbian';
import { server, serverFields } from './server.sr';

/** The panel in Serbian (Latin script), every screen's words: loaded only when chosen. */
export const sr = {
  ...raSerbian,
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
  ...conflict,
  server,
  server_fields: serverFields,
};
