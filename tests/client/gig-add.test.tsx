import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BAND_ADMIN, fakeFetch, json, pending, renderScreen, signIn } from './helpers';

const PLAYLIST = {
  error: false,
  id: 4,
  naziv: 'Subotnje veče',
  slika: null,
  owned: true,
  visibility: false,
  songs: [{ id: 9, naziv: 'Đurđevdan', slika: null, nazivizvodjaca: 'Bijelo Dugme', position: 1 }],
};

describe('Add gig (spec §2, §4, §8)', () => {
  it("says 'Loading playlists, please wait...' until the playlists come, then preselects the first and previews it", async () => {
    signIn(BAND_ADMIN);
    const options = pending();
    fakeFetch({
      'GET /api/user': json(200, BAND_ADMIN),
      'GET /api/admin/playlists': options.reply,
      'GET /api/admin/playlist/4': json(200, PLAYLIST),
    });
    renderScreen('/admin/addgig');
    expect(await screen.findByText('Loading playlists, please wait...')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Add gig' })).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Gig Active' })).not.toBeChecked();
    expect(screen.getByRole('spinbutton', { name: 'Minimum songs between same orders' })).toHaveValue(1);
    expect(screen.getByRole('spinbutton', { name: 'Minimum minutes between same orders' })).toHaveValue(2);

    options.release(
      new Response(
        JSON.stringify({
          data: [
            { id: 4, naziv: 'Subotnje veče' },
            { id: 7, naziv: 'Akustični set' },
          ],
        }),
        {
          status: 200,
          headers: { 'Content-Type': 'application/json' },
        },
      ),
    );
    expect(await screen.findByRole('heading', { name: 'Songs of Subotnje veče (1)' })).toBeInTheDocument();
    expect(screen.getByText('1. Đurđevdan')).toBeInTheDocument();
  });
});
