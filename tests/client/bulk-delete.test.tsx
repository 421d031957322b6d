import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BulkActions, useSelection } from '../../src/client/components/BulkActions';
import { BAND_ADMIN, fakeFetch, json, pending, renderAlone, signIn } from './helpers';

type Kind = 'songs' | 'performers' | 'playlists';

/** The toolbar with `ids` already selected, as a list shows it. */
function Selected({ kind, ids }: { kind: Kind; ids: number[] }) {
  const selection = useSelection();
  return (
    <>
      <button type="button" onClick={() => ids.forEach((id) => selection.set(id, true))}>
        Select
      </button>
      <BulkActions kind={kind} selection={selection} />
    </>
  );
}

type Result = { id: number; ok: boolean; message: string; code?: string; params?: Record<string, string> };

async function bulkDelete(
  kind: Kind,
  ids: number[],
  locale?: 'en' | 'sr',
  results: Result[] = ids.map((id) => ({ id, ok: true, message: 'Deleted' })),
) {
  signIn(BAND_ADMIN);
  const answer = pending();
  const server = fakeFetch({
    'GET /api/user': json(200, BAND_ADMIN),
    [`POST /api/admin/${kind}/bulk`]: answer.reply,
  });
  const { user } = renderAlone(<Selected kind={kind} ids={ids} />, { locale });
  await user.click(await screen.findByRole('button', { name: 'Select' }));
  const toolbar = screen.getByRole('toolbar');
  await user.click(within(toolbar).getByRole('button', { name: locale === 'sr' ? 'Obriši' : 'Delete' }));
  const dialog = await screen.findByRole('dialog');
  await user.click(within(dialog).getAllByRole('button').at(-1)!);
  const done = results.filter((result) => result.ok).length;
  const release = () =>
    answer.release(
      new Response(JSON.stringify({ done, failed: results.length - done, results }), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      }),
    );
  return { server, release };
}

describe('bulk delete names how many it deleted (issue 26, point 3)', () => {
  it.each([
    ['songs', 'Removing 2 songs, please wait...', '2 songs have been deleted'],
    ['performers', 'Removing 2 performers, please wait...', '2 performers have been deleted'],
    ['playlists', 'Removing 2 playlists, please wait...', '2 playlists have been deleted'],
  ] as const)('%s: two deleted', async (kind, waiting, deleted) => {
    const { server, release } = await bulkDelete(kind, [7, 9]);
    expect(await screen.findByText(waiting)).toBeInTheDocument();
    release();
    expect(await screen.findByText(deleted)).toBeInTheDocument();
    expect(server.callsTo(`POST /api/admin/${kind}/bulk`)[0].body).toEqual({ action: 'delete', ids: [7, 9] });
  });

  it("keeps spec §8's words for one song", async () => {
    const { release } = await bulkDelete('songs', [7]);
    expect(await screen.findByText('Removing song, please wait...')).toBeInTheDocument();
    release();
    expect(await screen.findByText('Song has been deleted')).toBeInTheDocument();
  });

  it.each([
    [[7, 9], 'Brisanje 2 pesme, sačekajte...', '2 pesme su obrisane'],
    [[1, 2, 3, 4, 5], 'Brisanje 5 pesama, sačekajte...', '5 pesama je obrisano'],
    [[1], 'Brisanje 1 pesme, sačekajte...', '1 pesma je obrisana'],
  ])('says it in Serbian with its plural forms (%j)', async (ids, waiting, deleted) => {
    const { release } = await bulkDelete('songs', ids, 'sr');
    expect(await screen.findByText(waiting)).toBeInTheDocument();
    release();
    expect(await screen.findByText(deleted)).toBeInTheDocument();
  });

  it('says why items were left alone in the reader’s language, by the results’ codes', async () => {
    const results = [
      { id: 7, ok: true, message: 'Song has been deleted', code: 'song_deleted' },
      {
        id: 9,
        ok: false,
        message: 'Only the band that owns this song may change it.',
        code: 'song_not_yours',
      },
    ];
    const { release } = await bulkDelete('songs', [7, 9], 'sr', results);
    release();
    expect(
      await screen.findByText('Urađeno: 1, neuspešno: 1: Ovu pesmu može menjati samo bend čija je.'),
    ).toBeInTheDocument();
  });
});
