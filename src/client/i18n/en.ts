import englishMessages from 'ra-language-english';
import { bandsMessages } from '../bands/messages';
import { gigsMessages } from '../gigs/messages';
import { performersMessages } from '../performers/messages';
import { playlistsMessages } from '../playlists/messages';
import { songsMessages } from '../songs/messages';
import { systemMessages } from '../system/messages';
import { usersMessages } from '../users/messages';
import { commonMessages } from './common';

/** The panel in English: react-admin's own messages and each folder's, with the spec's strings. */
export const en = {
  ...englishMessages,
  ...commonMessages.en,
  ...songsMessages.en,
  ...performersMessages.en,
  ...playlistsMessages.en,
  ...gigsMessages.en,
  ...systemMessages.en,
  ...usersMessages.en,
  ...bandsMessages.en,
};
