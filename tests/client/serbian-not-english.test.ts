/**
 * Serbian leaves nothing in English (issue 26, point 1): a message the same in both languages is one
 * that is the same in Serbian, named here with why. A message copied from English to get past the
 * key check fails.
 */
import { describe, expect, it } from 'vitest';
// The whole panel's English: the panel's tree and the words its screens bring as they load.
import { allEnglish as en } from '../../src/client/i18n/screens';
import { sr } from '../../src/client/i18n/sr';
import { texts } from '../../src/client/live/audience/texts';
import { screenTexts } from '../../src/client/live/screen/texts';

/** The spec gives these in Serbian, so English shows them in Serbian too (spec §3, §5). */
const SPEC_SERBIAN = [
  'login.signing_in',
  'login.required_both',
  'login.invalid_email_form',
  'login.email_required',
  'login.invalid_email',
  'login.password_required',
  'login.password_short',
  'login.connection_error',
  'dashboard.no_band',
  'list.empty',
  'performers.delete.affected_songs',
  'server.login_both_required',
  'server.login_invalid_email',
];

/** Words Serbian writes as English does. */
const SAME_WORD = new Map([
  ['Email', 'the word Serbian uses (Cyrillic spells it by sound)'],
  ['email', 'the field as the server names it'],
  ['naziv', 'the field as the server names it (the spec’s own Serbian name)'],
  ['status', 'the word Serbian uses'],
  ['WebSocket port', 'a protocol’s name and the word Serbian uses'],
  ['WebSocket', 'a protocol’s name'],
  ['Redis', 'a product’s name'],
  ['ID %{id}', 'an abbreviation Serbian uses'],
  ['%{song} (PDF)', 'a file format'],
  ['Tempo (BPM)', 'the word Serbian uses, and the unit’s symbol'],
  ['%{count} d', 'a unit’s symbol'],
  ['%{count} h', 'a unit’s symbol'],
  ['%{count} min', 'a unit’s symbol'],
  ['%{count} s', 'a unit’s symbol'],
]);

/** Every leaf of a message tree, as [key, text]; a function is said with a sample number. */
const leaves = (tree: object, prefix = ''): [string, string][] =>
  Object.entries(tree).flatMap(([key, value]): [string, string][] => {
    if (typeof value === 'string') return [[`${prefix}${key}`, value]];
    if (typeof value === 'function')
      return [[`${prefix}${key}`, String((value as (n: number) => string)(5))]];
    return leaves(value as object, `${prefix}${key}.`);
  });

/** The keys whose words are the same in Serbian as in English. */
function sameInBoth(english: object, serbian: object) {
  const serbianByKey = new Map(leaves(serbian));
  return leaves(english)
    .filter(([key, text]) => serbianByKey.get(key) === text)
    .filter(([, text]) => /\p{L}/u.test(text.replace(/%\{\w+\}/g, '')));
}

describe('Serbian', () => {
  it('says every message of the panel and the band page in Serbian', () => {
    const same = sameInBoth(en, sr).filter(
      ([key, text]) => !SPEC_SERBIAN.includes(key) && !SAME_WORD.has(text),
    );
    expect(same).toEqual([]);
    // The lists above are what is left the same, nothing more: an entry no message needs goes.
    const all = sameInBoth(en, sr);
    expect(SPEC_SERBIAN.filter((key) => !all.some(([k]) => k === key))).toEqual([]);
    expect([...SAME_WORD.keys()].filter((word) => !all.some(([, text]) => text === word))).toEqual([]);
  });

  it('says every word of the audience page and the venue screen in Serbian', () => {
    expect(sameInBoth(texts('en'), texts('sr'))).toEqual([]);
    expect(sameInBoth(screenTexts('en'), screenTexts('sr'))).toEqual([]);
  });
});
