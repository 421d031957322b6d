import { describe, expect, it } from 'vitest';
import {
  addAllToTop,
  AVAILABLE,
  addToTop,
  drop,
  move,
  PLAYLIST,
  remove,
} from '../../src/client/playlists/editorRules';
import { formatSongsField, parseSongsField } from '../../src/shared/playlist-songs';

const song = (id: number) => ({ id, naziv: `Song ${id}`, slika: null, nazivizvodjaca: null });
const ids = (songs: { id: number }[]) => songs.map((s) => s.id);

describe('playlist editor rules (spec §2 Edit playlist)', () => {
  it('puts a new song at the top', () => {
    expect(ids(addToTop([song(1), song(2)], song(3)))).toEqual([3, 1, 2]);
  });

  it('ignores a song already in the playlist, wherever it is', () => {
    const list = [song(1), song(2), song(3)];
    expect(addToTop(list, song(2))).toBe(list);
  });

  it('puts songs added together (a pasted setlist) at the top in their order, each once', () => {
    const list = [song(1), song(2)];
    const plan = addAllToTop(list, [song(3), song(2), song(4), song(3)]);
    expect(ids(plan.songs)).toEqual([3, 4, 1, 2]);
    expect(plan.added).toBe(2);
    expect(plan.skipped).toEqual([undefined, 'in_playlist', undefined, 'repeated']);
    expect(addAllToTop(list, [song(1)]).songs).toBe(list);
  });

  it('moves a song up and down', () => {
    const list = [song(1), song(2), song(3)];
    expect(ids(move(list, 0, 2))).toEqual([2, 3, 1]);
    expect(ids(move(list, 2, 0))).toEqual([3, 1, 2]);
    expect(move(list, 1, 1)).toBe(list);
  });

  it('removes a song by id and leaves the order of the rest', () => {
    expect(ids(remove([song(1), song(2), song(3)], 2))).toEqual([1, 3]);
  });

  it("sends the order as the spec's songs string, which the server parses back to the same order", () => {
    const text = formatSongsField([7, 3, 9]);
    expect(text).toBe('7,1;3,2;9,3');
    expect(parseSongsField(text)).toEqual({ ok: true, songIds: [7, 3, 9] });
  });

  it('names what a drop did, for the screen-reader announcement', () => {
    const list = [song(1), song(2), song(3)];
    const at = (droppableId: string, index: number) => ({ droppableId, index });
    expect(drop(list, song(1), at(PLAYLIST, 0), at(PLAYLIST, 2))).toEqual({
      songs: [song(2), song(3), song(1)],
      outcome: 'moved',
    });
    expect(drop(list, song(4), at(AVAILABLE, 5), at(PLAYLIST, 2))).toEqual({
      songs: [song(4), ...list],
      outcome: 'added',
    });
    expect(drop(list, song(2), at(AVAILABLE, 0), at(PLAYLIST, 0))).toEqual({
      songs: list,
      outcome: 'already',
    });
    expect(drop(list, song(2), at(PLAYLIST, 1), at(AVAILABLE, 0))).toEqual({
      songs: [song(1), song(3)],
      outcome: 'removed',
    });
    expect(drop(list, song(2), at(PLAYLIST, 1), null)).toEqual({ songs: list, outcome: 'dropped_nowhere' });
    expect(drop(list, song(9), at(AVAILABLE, 0), at(AVAILABLE, 3))).toEqual({
      songs: list,
      outcome: 'dropped_nowhere',
    });
  });
});
