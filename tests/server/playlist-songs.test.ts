/**
 * The playlist update's `songs` field (spec §7): "id,position" pairs joined by ";", parsed strictly
 * into the song ids in playlist order.
 */
import { describe, expect, it } from 'vitest';
import { formatSongsField, parseSongsField } from '../../src/shared/playlist-songs.js';

const ids = (text: string) => {
  const parsed = parseSongsField(text);
  if (!parsed.ok) throw new Error(`"${text}" was refused: ${parsed.error.message}`);
  return parsed.songIds;
};

const errorOf = (text: string) => {
  const parsed = parseSongsField(text);
  if (parsed.ok) throw new Error(`"${text}" was accepted as ${JSON.stringify(parsed.songIds)}`);
  expect(parsed.error.code).toMatch(/^playlist_/);
  expect(parsed.error.message.length).toBeGreaterThan(0);
  return parsed.error.message;
};

describe('parseSongsField', () => {
  it('reads id,position pairs joined by ";"', () => {
    expect(ids('7,1')).toEqual([7]);
    expect(ids('1,1;2,2;3,3')).toEqual([1, 2, 3]);
  });

  it('orders the songs by position, not by the order of the pairs', () => {
    expect(ids('3,1;1,2;2,3')).toEqual([3, 1, 2]);
    expect(ids('1,2;2,3;3,1')).toEqual([3, 1, 2]);
    expect(ids('10,3;20,1;30,2')).toEqual([20, 30, 10]);
  });

  it('accepts positions with gaps, from 0, and larger than the count', () => {
    expect(ids('1,100;2,5;3,50')).toEqual([2, 3, 1]);
    expect(ids('1,1;2,0')).toEqual([2, 1]);
    expect(ids('4,999999999')).toEqual([4]);
  });

  it('keeps the given order for songs with the same position', () => {
    expect(ids('5,1;4,1;3,1')).toEqual([5, 4, 3]);
    expect(ids('5,2;4,1;3,2;2,1')).toEqual([4, 2, 5, 3]);
  });

  it('reads an empty or blank field as no songs', () => {
    expect(ids('')).toEqual([]);
    expect(ids('   ')).toEqual([]);
  });

  it('tolerates spaces around the numbers and a trailing ";"', () => {
    expect(ids(' 2 , 2 ; 1 , 1 ')).toEqual([1, 2]);
    expect(ids('1,1;2,2;')).toEqual([1, 2]);
  });

  it.each([
    ['3', '3'],
    ['a,b', 'a,b'],
    ['1,2,3', '1,2,3'],
    ['-1,1', '-1,1'],
    ['1,-1', '1,-1'],
    ['0,1', '0,1'],
    ['1,', '1,'],
    [',1', ',1'],
    ['1.5,1', '1.5,1'],
    ['1,1.5', '1,1.5'],
    ['1e3,1', '1e3,1'],
    ['0x1,1', '0x1,1'],
    ['1 2,1', '1 2,1'],
    ['1;2', '1'],
    ['1,1;2', '2'],
    ['1,1;x,2;3,3', 'x,2'],
  ])('refuses the malformed field %j, naming the pair %j', (text, pair) => {
    expect(errorOf(text)).toContain(`"${pair}"`);
  });

  it('refuses an empty pair between two others', () => {
    errorOf('1,1;;2,2');
    errorOf(';1,1');
  });

  it('refuses a song listed twice, naming it', () => {
    const error = errorOf('1,1;2,2;1,3');
    expect(error).toMatch(/\b1\b/);
    expect(error).toMatch(/more than once/);
    expect(errorOf('8,1;8,1')).toMatch(/\b8\b/);
  });

  it('cuts a very long bad pair short in the message', () => {
    const error = errorOf(`${'x'.repeat(5000)},1`);
    expect(error.length).toBeLessThan(200);
  });
});

describe('formatSongsField', () => {
  it('numbers the songs from 1 in list order', () => {
    expect(formatSongsField([5, 3, 9])).toBe('5,1;3,2;9,3');
    expect(formatSongsField([42])).toBe('42,1');
    expect(formatSongsField([])).toBe('');
  });

  it('is undone by parseSongsField', () => {
    const lists = [[], [1], [3, 1, 2], Array.from({ length: 500 }, (_, i) => ((i * 7919) % 1000) + 1)];
    for (const list of lists) expect(ids(formatSongsField(list))).toEqual(list);
  });
});
