/**
 * A save refused because a bandmate saved first (issue 28, point 1): the dialog shows their change
 * beside the user's and applies the user's on top where it does not collide; a playlist's songs
 * merge (their added songs, the user's order); a field both changed stays theirs, and it says so.
 * The data provider sends the version the edit started from.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ConflictDialog } from '../../src/client/components/conflict/ConflictDialog';
import { mergeSongs, songChanges } from '../../src/client/components/conflict/merge';
import type { HttpClient } from '../../src/client/providers/httpClient';
import { createRepertoireProvider } from '../../src/client/providers/repertoire';
import { UserFormDialog } from '../../src/client/users/UserFormDialog';
import { fakeFetch, json, renderAlone, signIn, SYSTEM_ADMIN } from './helpers';

const song = (id: number) => ({ id, naziv: `Pesma ${id}` });
const songs = (...ids: number[]) => ids.map(song);
const ids = (list: { id: number }[]) => list.map((entry) => entry.id);

describe('merging two changes of a playlist’s songs', () => {
  it('keeps the songs they added and the user’s move', () => {
    const merged = mergeSongs(songs(1, 2, 3), songs(2, 1, 3), songs(4, 5, 1, 2, 3));
    expect(ids(merged)).toEqual([4, 5, 2, 1, 3]);
  });

  it('keeps their order where only they moved songs, with the user’s added song after its neighbour', () => {
    expect(ids(mergeSongs(songs(1, 2, 3), songs(1, 2, 6, 3), songs(3, 1, 2)))).toEqual([3, 1, 2, 6]);
  });

  it('drops the songs either side removed', () => {
    expect(ids(mergeSongs(songs(1, 2, 3, 4), songs(2, 1, 3), songs(1, 3, 4)))).toEqual([1, 3]);
  });

  it('names the songs added, removed and moved', () => {
    const changes = songChanges(songs(1, 2, 3, 4), songs(4, 1, 2, 5));
    expect(ids(changes.added)).toEqual([5]);
    expect(ids(changes.removed)).toEqual([3]);
    expect(ids(changes.moved)).toEqual([4]);
  });
});

const THEIRS = { updated_by: 'Marko', updated_at: '2026-11-27T01:00:00.000Z' };

describe('the conflict dialog', () => {
  it('shows a playlist’s songs they added beside the user’s move, and applies both', async () => {
    const onApply = vi.fn();
    const base = { id: 7, naziv: 'Svadba', visibility: false, version: 3, songs: songs(1, 2, 3) };
    const { user } = renderAlone(
      <ConflictDialog
        resource="playlists"
        busy={false}
        onReload={() => undefined}
        onApply={onApply}
        conflict={{
          base,
          mine: { ...base, songs: songs(2, 1, 3) },
          theirs: { ...base, ...THEIRS, version: 4, songs: songs(4, 1, 2, 3) },
        }}
      />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Someone else saved this meanwhile' });
    expect(within(dialog).getByText(/^Marko saved it at .+, after you opened it\.$/)).toBeTruthy();
    const theirs = within(dialog).getByRole('heading', { name: 'Their changes to the songs' }).parentElement!;
    expect(within(theirs).getByText('Added: Pesma 4')).toBeTruthy();
    const mine = within(dialog).getByRole('heading', { name: 'Your changes to the songs' }).parentElement!;
    // One of the two swapped songs moved, as the user may have meant either.
    expect(within(mine).getByText(/^Moved: Pesma [12]$/)).toBeTruthy();
    // Nothing else changed: no table of fields.
    expect(within(dialog).queryByRole('table')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Apply mine on top' }));
    expect(onApply).toHaveBeenCalledTimes(1);
    const merged = onApply.mock.calls[0][0] as { songs: { id: number }[]; version: number };
    expect(ids(merged.songs)).toEqual([4, 2, 1, 3]);
    // Saved over their version.
    expect(merged.version).toBe(4);
  });

  it('applies a field only the user changed, keeps theirs where both changed, and says so (Serbian)', async () => {
    const onApply = vi.fn();
    const onReload = vi.fn();
    const base = { id: 5, naziv: 'Lutka', tempo: 100, tonalitet: 'Am', visibility: true, version: 1 };
    const { user } = renderAlone(
      <ConflictDialog
        resource="songs"
        busy={false}
        onReload={onReload}
        onApply={onApply}
        conflict={{
          base,
          mine: { ...base, naziv: 'Lutka sa naslovne', tempo: '120' },
          theirs: { ...base, ...THEIRS, version: 2, naziv: 'Lutka (uživo)', tonalitet: 'Dm' },
        }}
      />,
      { locale: 'sr' },
    );
    const dialog = await screen.findByRole('dialog', { name: 'Neko drugi je ovo u međuvremenu sačuvao' });
    const row = (label: string) =>
      within(dialog).getByRole('rowheader', { name: label }).closest('tr')!.querySelectorAll('td');
    const cells = (label: string) => [...row(label)].map((cell) => cell.textContent);
    expect(cells('Naziv')).toEqual([
      'Lutka (uživo)',
      'Lutka sa naslovne',
      'Oboje ste menjali: ne može se spojiti, ostaje njihovo',
    ]);
    expect(cells('Tempo (BPM)')).toEqual(['100', '120', 'Primenjuje se vaše']);
    expect(cells('Tonalitet')).toEqual(['Dm', 'Am', 'Ostaje njihovo']);
    expect(within(dialog).getByText(/^Polja koja ste oboje menjali ne mogu se spojiti/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Primeni moju preko' }));
    expect(onApply.mock.calls[0][0]).toMatchObject({
      naziv: 'Lutka (uživo)',
      tempo: '120',
      tonalitet: 'Dm',
      version: 2,
    });
    await user.click(within(dialog).getByRole('button', { name: 'Učitaj njihovu' }));
    expect(onReload).toHaveBeenCalledTimes(1);
  });
});

describe('a save sends the version the edit started from', () => {
  it('takes previousData’s version, and sends none for a record without one', async () => {
    const sent: FormData[] = [];
    const http = (async (_url: string, init?: { body?: unknown }) => {
      sent.push(init!.body as FormData);
      return { status: 200, json: { id: 5 } };
    }) as HttpClient;
    const provider = createRepertoireProvider(http);
    const data = { id: 5, naziv: 'Lutka', visibility: true, version: 9 };
    await provider.update('performers', { id: 5, data, previousData: { ...data, version: 4 } });
    await provider.update('performers', { id: 5, data: { id: 5, naziv: 'Lutka' }, previousData: { id: 5 } });
    expect(sent[0].get('version')).toBe('4');
    expect(sent[1].get('version')).toBeNull();
  });
});

describe('Edit User refused because another admin saved first', () => {
  it('shows their change beside yours and saves yours on top, over their version', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    signIn(SYSTEM_ADMIN);
    const mika = {
      id: 5,
      name: 'Mika',
      email: 'mika@test.local',
      role: 'viewer' as const,
      band: null,
      band_naziv: null,
      version: 2,
    };
    const theirs = {
      ...mika,
      role: 'band_admin',
      version: 3,
      updated_by: 'Marko',
      updated_at: THEIRS.updated_at,
    };
    const updates: unknown[] = [];
    const server = fakeFetch({
      'GET /api/user': json(200, SYSTEM_ADMIN),
      'POST /api/admin/user/5/update': (call) => {
        updates.push(call.body);
        return updates.length === 1
          ? json(409, { message: 'Marko saved this.', code: 'stale_save', current: theirs })(call)
          : json(200, {
              success: true,
              message: 'User updated',
              data: { ...theirs, name: 'Mika Mikić', version: 4 },
            })(call);
      },
    });
    const onClose = vi.fn();
    const { user } = renderAlone(<UserFormDialog user={mika} bands={[]} onClose={onClose} />);
    const form = await screen.findByRole('dialog');
    const name = within(form).getByLabelText(/^Name/);
    await user.clear(name);
    await user.type(name, 'Mika Mikić');
    await user.click(within(form).getAllByRole('button').at(-1)!);
    const conflict = await screen.findByRole('dialog', { name: 'Someone else saved this meanwhile' });
    expect(updates[0]).toMatchObject({ name: 'Mika Mikić', version: 2 });
    expect(within(conflict).getByRole('rowheader', { name: 'Name' })).toBeTruthy();
    expect(within(conflict).getByRole('rowheader', { name: 'Role' })).toBeTruthy();
    await user.click(within(conflict).getByRole('button', { name: 'Apply mine on top' }));
    await waitFor(() => expect(server.callsTo('POST /api/admin/user/5/update')).toHaveLength(2));
    // Their role, your name, over their version.
    expect(updates[1]).toMatchObject({ name: 'Mika Mikić', role: 'band_admin', version: 3 });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });
});
