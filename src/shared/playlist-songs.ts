import { type Said, say } from './server-messages.js';

/**
 * The playlist update's `songs` field (spec §7): "id,position" pairs joined by ";". Parsed strictly:
 * a malformed pair or a song listed twice is an error, never silently dropped. Entries come back in
 * playlist order (by position, ties in the order given).
 */
export type SongsParse = { ok: true; songIds: number[] } | { ok: false; error: Said };

const INTEGER = /^\d{1,9}$/;

export function parseSongsField(text: string): SongsParse {
  const pairs = text
    .split(';')
    .map((pair) => pair.trim())
    .filter((pair, i, all) => pair !== '' || i < all.length - 1);
  if (pairs.length === 1 && pairs[0] === '') return { ok: true, songIds: [] };
  const entries: { id: number; position: number; index: number }[] = [];
  const seen = new Set<number>();
  for (const [index, pair] of pairs.entries()) {
    const parts = pair.split(',').map((part) => part.trim());
    if (parts.length !== 2 || !INTEGER.test(parts[0]) || !INTEGER.test(parts[1]) || Number(parts[0]) < 1) {
      return { ok: false, error: say('playlist_pair', { pair: pair.slice(0, 40) }) };
    }
    const id = Number(parts[0]);
    if (seen.has(id)) return { ok: false, error: say('playlist_song_twice', { id }) };
    seen.add(id);
    entries.push({ id, position: Number(parts[1]), index });
  }
  entries.sort((a, b) => a.position - b.position || a.index - b.index);
  return { ok: true, songIds: entries.map((e) => e.id) };
}

/** The inverse, as the panel sends it: positions counted from 1 in list order. */
export const formatSongsField = (songIds: number[]) => songIds.map((id, i) => `${id},${i + 1}`).join(';');
