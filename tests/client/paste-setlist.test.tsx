import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { PasteSetlist } from '../../src/client/playlists/PasteSetlist';
import type { PlaylistSong } from '../../src/client/playlists/types';
import { BAND_ADMIN, fakeFetch, json, renderAlone, signIn } from './helpers';

const song = (id: number, naziv: string): PlaylistSong => ({
  id,
  naziv,
  slika: null,
  nazivizvodjaca: 'Bajaga',
});
const IN_PLAYLIST = [song(1, 'Ruski voz'), song(2, 'Tišina')];
const line = (n: number, found: PlaylistSong | null) => ({
  line: n,
  title: found?.naziv ?? `Nepoznata ${n}`,
  performer: 'Bajaga',
  match: found && { ...found, exact: true },
});
// Five found: one already in the playlist, one pasted twice; three are new.
const LINES = [
  line(1, song(3, 'Zažmuri')),
  line(2, song(1, 'Ruski voz')),
  line(3, song(4, 'Moji drugovi')),
  line(4, song(3, 'Zažmuri')),
  line(5, song(5, 'Dobro jutro, džezeri')),
];

async function pasteAndFind(locale?: 'en' | 'sr') {
  signIn(BAND_ADMIN);
  fakeFetch({ 'POST /api/admin/playlist/4/match-setlist': json(200, { lines: LINES }) });
  const onChange = vi.fn();
  const { user } = renderAlone(<PasteSetlist playlistId={4} songs={IN_PLAYLIST} onChange={onChange} />, {
    locale,
  });
  await user.click(
    await screen.findByRole('button', { name: locale === 'sr' ? 'Nalepi spisak pesama' : 'Paste setlist' }),
  );
  const dialog = await screen.findByRole('dialog');
  await user.type(within(dialog).getByRole('textbox'), 'five lines');
  await user.click(
    within(dialog).getByRole('button', { name: locale === 'sr' ? 'Pronađi pesme' : 'Find songs' }),
  );
  return { user, dialog, onChange };
}

describe('Paste setlist (issue 26, point 3)', () => {
  it('counts on its button only the songs it adds, says why the others are not, and adds them on top', async () => {
    const { user, dialog, onChange } = await pasteAndFind();
    expect(await within(dialog).findByRole('heading', { name: '5 found' })).toBeInTheDocument();
    const found = within(dialog).getByRole('list', { name: 'Songs found' });
    const notes = within(found)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(notes).toEqual([
      'Zažmuri - Bajaga',
      'Ruski voz - Bajagaalready in the playlist',
      'Moji drugovi - Bajaga',
      'Zažmuri - Bajagarepeated above',
      'Dobro jutro, džezeri - Bajaga',
    ]);
    await user.click(within(dialog).getByRole('button', { name: 'Add 3 songs' }));
    // Spec §2: new songs go to the top, as a dragged song or the list's Add to playlist; in the
    // setlist's order, each once.
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange.mock.calls[0][0].map((s: PlaylistSong) => s.id)).toEqual([3, 4, 5, 1, 2]);
  });

  it('says it in Serbian, with its plural forms', async () => {
    const { dialog } = await pasteAndFind('sr');
    expect(await within(dialog).findByRole('button', { name: 'Dodaj 3 pesme' })).toBeInTheDocument();
    expect(within(dialog).getByText(/već je u plejlisti/)).toBeInTheDocument();
    expect(within(dialog).getByText(/ponavlja se iznad/)).toBeInTheDocument();
  });

  it('adds nothing when every song found is already there', async () => {
    signIn(BAND_ADMIN);
    fakeFetch({
      'POST /api/admin/playlist/4/match-setlist': json(200, { lines: [line(1, IN_PLAYLIST[0])] }),
    });
    const { user } = renderAlone(<PasteSetlist playlistId={4} songs={IN_PLAYLIST} onChange={vi.fn()} />);
    await user.click(await screen.findByRole('button', { name: 'Paste setlist' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox'), 'Ruski voz');
    await user.click(within(dialog).getByRole('button', { name: 'Find songs' }));
    expect(await within(dialog).findByRole('button', { name: 'Add 0 songs' })).toBeDisabled();
  });
});
