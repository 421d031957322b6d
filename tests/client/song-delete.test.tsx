import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Song } from '../../src/client/songs/types';
import { DJURDJEVDAN, LUTKA, listOf } from './catalog';
import { BAND_ADMIN, fakeFetch, json, pending, renderScreen, settle, signIn, type Reply } from './helpers';

const LIST = 'GET /api/admin/songs';
const DELETE = 'GET /api/admin/song/5/delete';

/**
 * A band admin on /admin/songs with toasts, against a server listing `songs` (a live array: the
 * test removes a song from it as the server would) and answering the delete with `onDelete`.
 */
async function openSongs(songs: Song[], onDelete: Reply) {
  signIn(BAND_ADMIN);
  const server = fakeFetch({
    'GET /api/user': json(200, BAND_ADMIN),
    [LIST]: listOf(() => songs),
    [DELETE]: onDelete,
  });
  const view = renderScreen('/admin/songs');
  await screen.findByText(DJURDJEVDAN.naziv);
  return { ...view, server };
}

type User = Awaited<ReturnType<typeof openSongs>>['user'];

/** Clicks 'Delete {title}' and returns the confirmation dialog it opens. */
async function askToDelete(user: User) {
  await user.click(screen.getByRole('button', { name: `Delete ${DJURDJEVDAN.naziv}` }));
  return screen.findByRole('dialog');
}

describe('Deleting a song', () => {
  it('asks for confirmation first and sends nothing when cancelled', async () => {
    const { user, server } = await openSongs([DJURDJEVDAN, LUTKA], json(200, { error: false }));
    const dialog = await askToDelete(user);
    expect(dialog).toHaveTextContent('Đurđevdan');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await settle();
    expect(server.callsTo(DELETE)).toHaveLength(0);
    expect(screen.getByText(DJURDJEVDAN.naziv)).toBeInTheDocument();
  });

  it("on confirm sends GET /api/admin/song/{id}/delete, shows 'Removing song, please wait...' then 'Song has been deleted', and reloads the list", async () => {
    const songs = [DJURDJEVDAN, LUTKA];
    const answer = pending();
    const { user, server } = await openSongs(songs, answer.reply);
    const listsBefore = server.callsTo(LIST).length;
    const dialog = await askToDelete(user);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('Removing song, please wait...')).toBeInTheDocument();
    expect(server.callsTo(DELETE)).toHaveLength(1);
    expect(screen.queryByText('Song has been deleted')).not.toBeInTheDocument();

    songs.splice(0, 1);
    answer.release(new Response(JSON.stringify({ error: false })));
    expect(await screen.findByText('Song has been deleted')).toBeInTheDocument();
    expect(screen.queryByText('Removing song, please wait...')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText(DJURDJEVDAN.naziv)).not.toBeInTheDocument());
    expect(server.callsTo(LIST).length).toBeGreaterThan(listsBefore);
    expect(screen.getByText(LUTKA.naziv)).toBeInTheDocument();
  });

  it.each([
    [404, 'No such song.'],
    [500, 'Something went wrong on the server.'],
  ])("shows 'Song not deleted' when the delete fails (HTTP %i)", async (status, message) => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined); // react-admin logs failed calls
    const { user, server } = await openSongs([DJURDJEVDAN, LUTKA], json(status, { message }));
    const dialog = await askToDelete(user);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Song not deleted')).toBeInTheDocument();
    expect(screen.queryByText('Song has been deleted')).not.toBeInTheDocument();
    expect(screen.queryByText(message)).not.toBeInTheDocument();
    expect(server.callsTo(DELETE)).toHaveLength(1);
  });
});
