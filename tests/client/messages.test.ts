import { describe, expect, it } from 'vitest';
import { en as bandsEn } from '../../src/client/bands/messages';
import { sr as bandsSr } from '../../src/client/bands/messages.sr';
import { en as gigsEn } from '../../src/client/gigs/messages';
import { sr as gigsSr } from '../../src/client/gigs/messages.sr';
import { en as commonEn } from '../../src/client/i18n/common';
import { en as conflictEn } from '../../src/client/components/conflict/messages';
import { sr as conflictSr } from '../../src/client/components/conflict/messages.sr';
import { sr as commonSr } from '../../src/client/i18n/common.sr';
// The whole panel's English: the panel's tree and the words its screens bring as they load.
import { allEnglish as en } from '../../src/client/i18n/screens';
import { sr } from '../../src/client/i18n/sr';
import { en as bandPageEn } from '../../src/client/live/band/messages';
import { sr as bandPageSr } from '../../src/client/live/band/messages.sr';
import { en as viewerAreaEn } from '../../src/client/live/messages';
import { sr as viewerAreaSr } from '../../src/client/live/messages.sr';
import { en as performersEn } from '../../src/client/performers/messages';
import { sr as performersSr } from '../../src/client/performers/messages.sr';
import { en as playlistsEn } from '../../src/client/playlists/messages';
import { sr as playlistsSr } from '../../src/client/playlists/messages.sr';
import { en as songsEn } from '../../src/client/songs/messages';
import { sr as songsSr } from '../../src/client/songs/messages.sr';
import { en as systemEn } from '../../src/client/system/messages';
import { sr as systemSr } from '../../src/client/system/messages.sr';
import { en as usersEn } from '../../src/client/users/messages';
import { sr as usersSr } from '../../src/client/users/messages.sr';

/** Each folder's messages in both languages. */
const folders = {
  common: { en: commonEn, sr: commonSr },
  conflict: { en: conflictEn, sr: conflictSr },
  songs: { en: songsEn, sr: songsSr },
  performers: { en: performersEn, sr: performersSr },
  playlists: { en: playlistsEn, sr: playlistsSr },
  gigs: { en: gigsEn, sr: gigsSr },
  system: { en: systemEn, sr: systemSr },
  users: { en: usersEn, sr: usersSr },
  bands: { en: bandsEn, sr: bandsSr },
  bandPage: { en: bandPageEn, sr: bandPageSr },
  viewerArea: { en: viewerAreaEn, sr: viewerAreaSr },
};

/** Every leaf key of a message tree, as 'a.b.c'. */
const leaves = (tree: object, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : leaves(value as object, `${prefix}${key}.`),
  );

const placeholders = (text: string) =>
  [...new Set([...text.matchAll(/%\{(\w+)\}/g)].map((m) => m[1]))].sort();

/**
 * Sentences whose Serbian uses other values than the English, as the server's own test allows
 * (server-messages.test.ts): "%{band} still owns %{list}" and "Try again in %{after}" are built of
 * English words the Serbian cannot reuse; it says each count, or "a little later".
 */
const OTHER_VALUES: Record<string, string[]> = {
  'server.band_owns': ['band', 'gigs', 'performers', 'playlists', 'songs'],
  'server.rate_limited': [],
};

describe('the panel messages', () => {
  it('no two folders claim the same top-level key (one would silently hide the other)', () => {
    const owners = new Map<string, string>();
    for (const [name, { en: messages }] of Object.entries(folders))
      for (const key of Object.keys(messages)) {
        expect(owners.get(key), `${key} in ${name} and ${owners.get(key)}`).toBeUndefined();
        owners.set(key, name);
      }
  });

  it('Serbian has every English key, none more, with the same placeholders', () => {
    const english = leaves(en);
    expect(leaves(sr).sort()).toEqual(english.sort());
    const lookup = (tree: object, key: string) =>
      key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], tree) as string;
    for (const key of english)
      expect(placeholders(lookup(sr, key)), key).toEqual(OTHER_VALUES[key] ?? placeholders(lookup(en, key)));
  });

  it("keeps the spec's strings in English, its Serbian ones included", () => {
    expect(en.songs.add.success).toBe('Song has been added');
    expect(en.list.empty).toBe('Nema podataka');
    expect(en.login.connection_error).toBe('Greška pri povezivanju sa serverom.');
    expect(sr.songs.add.success).not.toBe(en.songs.add.success);
  });
});
