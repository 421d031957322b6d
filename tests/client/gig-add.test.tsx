import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BAND_ADMIN, fakeFetch, json, pending, renderScreen, settle, signIn } from './helpers';

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
            { id: 4, naziv: 'Subotnje veče', owned: true },
            { id: 7, naziv: 'Akustični set', owned: true },
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

  // Issue 26: the only playlist on offer, another band's public one, was preselected (the select,
  // hiding what is selected, said "No options") and the gig was saved on it.
  describe("preselects only the band's own playlist", () => {
    const PUBLIC = {
      id: 2,
      naziv: 'Akustični set',
      slika: null,
      songscount: 4,
      owned: false,
      visibility: true,
    };
    const OWN = { id: 5, naziv: 'Subotnje veče', slika: null, songscount: 1, owned: true, visibility: false };
    const server = (rows: (typeof PUBLIC)[]) =>
      fakeFetch({
        'GET /api/user': json(200, BAND_ADMIN),
        'GET /api/admin/playlists': json(200, {
          data: [...rows].sort((x, y) => x.id - y.id).map(({ id, naziv, owned }) => ({ id, naziv, owned })),
        }),
        'GET /api/admin/playlists?os=1&pg=0': json(200, { data: rows, total: rows.length }),
        'GET /api/admin/playlist/2': json(200, { ...PLAYLIST, id: 2, naziv: 'Akustični set', owned: false }),
        'GET /api/admin/playlist/5': json(200, { ...PLAYLIST, id: 5 }),
      });

    it('a band without playlists starts with the field empty, is offered the public one, and cannot save unchosen', async () => {
      signIn(BAND_ADMIN);
      const api = server([PUBLIC]);
      const { user } = renderScreen('/admin/addgig');
      const playlist = await screen.findByRole('combobox', { name: /Playlist/ });
      await settle();
      expect(api.callsTo('GET /api/admin/playlists').length).toBeGreaterThanOrEqual(2);
      expect(playlist).toHaveValue('');
      expect(screen.queryByRole('heading', { name: /Songs of/ })).not.toBeInTheDocument();

      await user.type(screen.getByRole('textbox', { name: 'Gig name' }), 'Badnje veče');
      await user.type(screen.getByRole('textbox', { name: 'Location' }), 'Dva jelena');
      await user.type(screen.getByLabelText(/Start time/), '2026-12-24T21:00');
      await user.click(screen.getByRole('button', { name: 'Add Gig' }));
      expect(await screen.findByText('Required')).toBeInTheDocument();
      expect(api.callsTo('POST /api/admin/addgig')).toHaveLength(0);

      await user.click(playlist);
      await user.keyboard('{ArrowDown}');
      const offered = await screen.findByRole('listbox');
      expect(within(offered).getByRole('option', { name: 'Akustični set' })).toBeInTheDocument();
    });

    it("preselects the band's oldest own playlist even when another band's public one is older", async () => {
      signIn(BAND_ADMIN);
      server([PUBLIC, OWN]);
      renderScreen('/admin/addgig');
      expect(await screen.findByRole('heading', { name: 'Songs of Subotnje veče (1)' })).toBeInTheDocument();
      expect(screen.getByRole('combobox', { name: /Playlist/ })).toHaveValue('Subotnje veče');
    });
  });
});
