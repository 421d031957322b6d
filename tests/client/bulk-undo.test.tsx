import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BulkActions, useSelection } from '../../src/client/components/BulkActions';
import { BAND_ADMIN, fakeFetch, json, renderAlone, signIn } from './helpers';

/**
 * Issue 28, point 4: a bulk action's toast carries Undo for a few seconds. A delete brings the rows
 * back (the server keeps them 30 days), public or private sets back only the rows it changed, and
 * "Add to playlist" takes out only the songs it added.
 */

function Selected({ ids }: { ids: number[] }) {
  const selection = useSelection();
  return (
    <>
      <button type="button" onClick={() => ids.forEach((id) => selection.set(id, true))}>
        Select
      </button>
      <BulkActions kind="songs" selection={selection} />
    </>
  );
}

const ok = (id: number, changed?: boolean) => ({ id, ok: true, status: 200, message: 'Done.', changed });

async function selectAndPress(routes: Parameters<typeof fakeFetch>[0], button: string) {
  signIn(BAND_ADMIN);
  const server = fakeFetch({ 'GET /api/user': json(200, BAND_ADMIN), ...routes });
  const { user } = renderAlone(<Selected ids={[7, 9]} />);
  await user.click(await screen.findByRole('button', { name: 'Select' }));
  await user.click(within(screen.getByRole('toolbar')).getByRole('button', { name: button }));
  return { server, user };
}

describe('Undo on the bulk actions’ toasts', () => {
  it('brings deleted songs back', async () => {
    const { server, user } = await selectAndPress(
      {
        'POST /api/admin/songs/bulk': json(200, { done: 2, failed: 0, results: [ok(7), ok(9)] }),
        'POST /api/admin/trash/song/7/restore': json(200, { success: true, not_restored: [] }),
        'POST /api/admin/trash/song/9/restore': json(200, { success: true, not_restored: [] }),
      },
      'Delete',
    );
    await user.click(
      within(await screen.findByRole('dialog'))
        .getAllByRole('button')
        .at(-1)!,
    );
    expect(await screen.findByText('2 songs have been deleted')).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('Brought back.')).toBeInTheDocument();
    expect(server.callsTo('POST /api/admin/trash/song/7/restore')).toHaveLength(1);
    expect(server.callsTo('POST /api/admin/trash/song/9/restore')).toHaveLength(1);
  });

  it('sets back to private only the songs that “Make public” changed', async () => {
    const { server, user } = await selectAndPress(
      {
        'POST /api/admin/songs/bulk': json(200, { done: 2, failed: 0, results: [ok(7, true), ok(9, false)] }),
      },
      'Make public',
    );
    await user.click(await screen.findByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('Brought back.')).toBeInTheDocument();
    const calls = server.callsTo('POST /api/admin/songs/bulk');
    expect(calls.map((call) => call.body)).toEqual([
      { action: 'public', ids: [7, 9] },
      { action: 'private', ids: [7] },
    ]);
  });

  it('offers no Undo when nothing changed', async () => {
    await selectAndPress(
      {
        'POST /api/admin/songs/bulk': json(200, {
          done: 2,
          failed: 0,
          results: [ok(7, false), ok(9, false)],
        }),
      },
      'Make private',
    );
    expect(await screen.findByText('Made private')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Undo' })).not.toBeInTheDocument();
  });

  it('takes out of the playlist only the songs “Add to playlist” added', async () => {
    const { server, user } = await selectAndPress(
      {
        'GET /api/admin/playlists': json(200, { data: [{ id: 4, naziv: 'Subota' }], total: 1 }),
        'POST /api/admin/playlist/4/add-songs': json(200, { added: 1, already: 1, added_ids: [9] }),
        'POST /api/admin/playlist/4/remove-songs': json(200, { removed: 1 }),
      },
      'Add to playlist',
    );
    const dialog = await screen.findByRole('dialog');
    // The choice opens once the band's playlists have come.
    const choice = within(dialog).getByLabelText('Playlist');
    await waitFor(() => expect(choice).not.toHaveAttribute('aria-disabled'));
    await user.click(choice);
    await user.click(await screen.findByRole('option', { name: 'Subota' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    await user.click(await screen.findByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('Brought back.')).toBeInTheDocument();
    expect(server.callsTo('POST /api/admin/playlist/4/remove-songs')[0].body).toEqual({ ids: [9] });
  });
});
