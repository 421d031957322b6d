import { bandsMessages } from '../bands/messages';
import { gigsMessages } from '../gigs/messages';
import { performersMessages } from '../performers/messages';
import { playlistsMessages } from '../playlists/messages';
import { songsMessages } from '../songs/messages';
import { systemMessages } from '../system/messages';
import { usersMessages } from '../users/messages';
import { commonMessages } from './common';
import { raSerbian } from './ra-serbian';

/** The panel in Serbian (Latin script): loaded only when chosen. */
export const sr = {
  ...raSerbian,
  ...commonMessages.sr,
  ...songsMessages.sr,
  ...performersMessages.sr,
  ...playlistsMessages.sr,
  ...gigsMessages.sr,
  ...systemMessages.sr,
  ...usersMessages.sr,
  ...bandsMessages.sr,
};
