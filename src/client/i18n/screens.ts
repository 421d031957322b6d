import { en as bands } from '../bands/messages';
import { en as conflict } from '../components/conflict/messages';
import { en as history } from '../history/messages';
import { en as insights } from '../insights/messages';
import { en as bandPage } from '../live/band/messages';
import { en as viewerArea } from '../live/messages';
import { en as system } from '../system/messages';
import { en as users } from '../users/messages';
import { FIELD_NAMES, SERVER_MESSAGES } from '../../shared/server-messages';
import { en } from './en';

/**
 * The English of the screens that load on their own, each added by its screen as its code arrives
 * (`addEnglish`, i18n/index.ts) rather than in the panel's one tree (issue 25, point 3). Listed here
 * for the tests, which read the whole panel in English; the app does not import this file.
 */
export const SCREENS_ENGLISH = { conflict, history, insights, bandPage, viewerArea, system, users, bands };

/**
 * The server's sentences in English, as the server says them (shared/server-messages.ts): the panel
 * shows the English each answer carries (providers/readersLanguage.ts), Serbian translates these.
 */
export const SERVER_ENGLISH = {
  server: SERVER_MESSAGES,
  server_fields: Object.fromEntries(FIELD_NAMES.map((name) => [name, name])),
};

/** The whole panel in English: what Serbian (i18n/sr.ts) translates. */
export const allEnglish = Object.assign(
  {},
  en,
  SERVER_ENGLISH,
  ...Object.values(SCREENS_ENGLISH),
) as typeof en &
  typeof SERVER_ENGLISH &
  typeof conflict &
  typeof history &
  typeof insights &
  typeof bandPage &
  typeof viewerArea &
  typeof system &
  typeof users &
  typeof bands;
