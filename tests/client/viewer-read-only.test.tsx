import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ApiUser } from '../../src/shared/api-types';
import type { Gig } from '../../src/client/gigs/types';
import type { Playlist } from '../../src/client/playlists/types';
import { BIJELO_DUGME, DJURDJEVDAN, LUTKA, TUDJA, performerRoutes, song } from './catalog';
import { BAND_ADMIN, VIEWER, fakeFetch, json, renderScreen, settle, signIn, type Reply } from './helpers';

/**
 * Issue 26, point 3: viewers get read-only screens throughout. A viewer looking at their own band's
 * item is told it is read-only for viewers (not that it belongs to another band); no input of a
 * read-only item takes typing, the playlist editor moves nothing, and the import and add screens
 * say why instead of showing a form the server would refuse.
 */

const VIEWER_NOTICE = 'You can view this item. Only band admins can change it.';
const OTHER_BAND_NOTICE = 'This item belongs to another band: you can look at it, not change it.';

function open(user: ApiUser, entry: string, routes: Record<string, Reply>, locale?: 'en' | 'sr') {
  signIn(user);
  const server = fakeFetch({ 'GET /api/user': json(200, user), ...routes });
  return { ...renderScreen(entry, { locale }), server };
}

const PLAYLIST: Playlist = {
  id: 4,
  error: false,
  naziv: 'Subotnje veče',
  slika: null,
  owned: true,
  visibility: false,
  songs: [
    { ...DJURDJEVDAN, position: 1 },
    { ...LUTKA, position: 2 },
  ],
};

const playlistRoutes = (playlist: Playlist = PLAYLIST): Record<string, Reply> => ({
  [`GET /api/admin/playlist/${playlist.id}`]: json(200, playlist),
  'GET /api/admin/songs': json(200, { data: [TUDJA], total: 1 }),
});

const GIG: Gig = {
  id: 3,
  naziv: 'Badnje veče',
  lokacija: 'Dva jelena',
  pocetak: '2026-12-24T21:00',
  slika: null,
  status: true,
  razmakpesme: 1,
  razmakvreme: 2,
  playlista: 4,
  token: 'a'.repeat(32),
  band_url: 'https://encore.test/band/aaa',
  public_url: 'https://encore.test/g/aaa',
  screen_url: 'https://encore.test/screen/aaa',
  allow_messages: false,
  artist_spacing: 0,
  minutes_per_song: 4,
  owned: true,
};

/** The screen's notices (a toast may be on screen beside them). */
const notices = () => screen.getAllByRole('alert').map((alert) => alert.textContent);

/** Every form control a person could change on screen, and whether it takes input. */
function editableControls() {
  const controls = [
    ...screen.queryAllByRole('textbox'),
    ...screen.queryAllByRole('combobox'),
    ...screen.queryAllByRole('checkbox'),
    ...screen.queryAllByRole('switch'),
    ...screen.queryAllByRole('spinbutton'),
    ...document.querySelectorAll<HTMLInputElement>('input[type="file"]'),
  ];
  return controls.filter((control) => !(control as HTMLInputElement).disabled);
}

describe('a viewer on their own band’s song', () => {
  const openSong = () =>
    open(VIEWER, '/admin/song/5', {
      ...performerRoutes(),
      'GET /api/admin/song/5': json(200, song({ ...DJURDJEVDAN, resource: '/uploads/resources/a.pdf' })),
    });

  it('is told the song is read-only for viewers, not that it belongs to another band', async () => {
    openSong();
    await screen.findByRole('heading', { level: 1, name: 'Edit: Đurđevdan' });
    expect(notices()).toContain(VIEWER_NOTICE);
    expect(screen.queryByText(/another band/i)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Update Song' })).toBeDisabled();
  });

  it('finds every field read-only: title, performer, picture, visibility, resource', async () => {
    const { user } = openSong();
    await screen.findByRole('heading', { level: 1, name: 'Edit: Đurđevdan' });
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Performer' })).toHaveValue(BIJELO_DUGME.naziv),
    );
    const title = screen.getByRole('textbox', { name: 'Title' });
    expect(title).toHaveValue('Đurđevdan');
    expect(title).toBeDisabled();
    expect(screen.getByRole('combobox', { name: 'Performer' })).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: 'Visible public' })).toBeDisabled();
    expect(screen.getByRole('textbox', { name: 'Resource link' })).toBeDisabled();
    expect(screen.getByLabelText('Picture')).toBeDisabled();
    expect(screen.getByLabelText('Resource file')).toBeDisabled();
    expect(screen.queryByRole('checkbox', { name: 'Remove resource file' })).not.toBeInTheDocument();
    expect(editableControls()).toEqual([]);
    await user.type(title, ' je');
    expect(title).toHaveValue('Đurđevdan');
  });

  it('reads the notice in Serbian', async () => {
    open(
      VIEWER,
      '/admin/song/5',
      { ...performerRoutes(), 'GET /api/admin/song/5': json(200, DJURDJEVDAN) },
      'sr',
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Možete da pregledate ovu stavku. Samo administratori benda mogu da je menjaju.',
    );
  });
});

describe('another band’s public song, for a band admin', () => {
  it('says whose it is and shows every field read-only', async () => {
    open(BAND_ADMIN, '/admin/song/9', { ...performerRoutes(), 'GET /api/admin/song/9': json(200, TUDJA) });
    await screen.findByRole('heading', { level: 1, name: 'Edit: Tuđa pesma' });
    expect(notices()).toContain(OTHER_BAND_NOTICE);
    expect(screen.getByRole('textbox', { name: 'Title' })).toBeDisabled();
    expect(screen.getByRole('textbox', { name: 'Performer' })).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: 'Visible public' })).toBeDisabled();
    expect(editableControls()).toEqual([]);
  });

  it('leaves a band admin’s own song editable, with no notice', async () => {
    open(BAND_ADMIN, '/admin/song/5', {
      ...performerRoutes(),
      'GET /api/admin/song/5': json(200, DJURDJEVDAN),
    });
    await screen.findByRole('heading', { level: 1, name: 'Edit: Đurđevdan' });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Title' })).toBeEnabled();
    expect(screen.getByRole('checkbox', { name: 'Visible public' })).toBeEnabled();
    expect(screen.getByLabelText('Picture')).toBeEnabled();
  });
});

describe('the playlist editor', () => {
  // happy-dom has no layout: the editor's virtual lists render the cards that fit their height.
  beforeEach(() => {
    Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 500 });
  });
  afterEach(() => {
    delete (HTMLElement.prototype as { clientHeight?: number }).clientHeight;
  });
  const songCards = () => within(screen.getByTestId('playlist-songs'));
  const dragHandles = () => document.querySelectorAll('[data-rfd-drag-handle-draggable-id]');

  it('lets a band admin drag, remove, add and paste (what a viewer must not)', async () => {
    const { server } = open(BAND_ADMIN, '/admin/playlist/4', playlistRoutes());
    await screen.findByRole('heading', { level: 1, name: /Subotnje veče/ });
    expect(await songCards().findByRole('button', { name: 'Remove Đurđevdan' })).toBeInTheDocument();
    expect(dragHandles().length).toBeGreaterThan(0);
    expect(screen.getByPlaceholderText('Enter song name')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Paste setlist' })).toBeInTheDocument();
    await waitFor(() => expect(server.callsTo('GET /api/admin/songs').length).toBeGreaterThan(0));
  });

  it('is read-only for a viewer: the songs in order, nothing to remove, drag, add or paste', async () => {
    const { server } = open(VIEWER, '/admin/playlist/4', playlistRoutes());
    await screen.findByRole('heading', { level: 1, name: /Subotnje veče/ });
    expect(notices()).toContain(VIEWER_NOTICE);
    expect(await songCards().findByText('Lutka sa naslovne strane')).toBeInTheDocument();
    expect(songCards().getByText('Đurđevdan')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Remove / })).not.toBeInTheDocument();
    expect(dragHandles()).toHaveLength(0);
    expect(screen.queryByPlaceholderText('Enter song name')).not.toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Available songs' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Paste setlist' })).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Name' })).toBeDisabled();
    expect(screen.getByRole('switch', { name: 'Visible public' })).toBeDisabled();
    expect(editableControls()).toEqual([]);
    expect(screen.getByRole('button', { name: 'Update Playlist' })).toBeDisabled();
    await settle();
    // Nothing to add, so the songs to add from are not even asked for.
    expect(server.callsTo('GET /api/admin/songs')).toHaveLength(0);
  });

  it('is read-only on another band’s public playlist too', async () => {
    open(
      BAND_ADMIN,
      '/admin/playlist/8',
      playlistRoutes({ ...PLAYLIST, id: 8, owned: false, visibility: true }),
    );
    await screen.findByRole('heading', { level: 1, name: /Subotnje veče/ });
    expect(notices()).toContain(OTHER_BAND_NOTICE);
    expect(await songCards().findByText('Đurđevdan')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Remove / })).not.toBeInTheDocument();
    expect(dragHandles()).toHaveLength(0);
    expect(screen.queryByRole('button', { name: 'Paste setlist' })).not.toBeInTheDocument();
  });
});

describe('a viewer on their band’s gig and performer', () => {
  it('sees the gig read-only, and can still open it and its QR code', async () => {
    open(VIEWER, '/admin/gig/3', {
      'GET /api/admin/gig/3': json(200, GIG),
      'GET /api/admin/playlists': json(200, { data: [{ id: 4, naziv: 'Subotnje veče' }], total: 1 }),
      ...playlistRoutes(),
    });
    await screen.findByRole('heading', { level: 1, name: 'Edit Gig' });
    expect(notices()).toContain(VIEWER_NOTICE);
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Playlist' })).toHaveValue('Subotnje veče'),
    );
    expect(screen.getByRole('textbox', { name: 'Gig name' })).toBeDisabled();
    expect(screen.getByRole('textbox', { name: 'Location' })).toBeDisabled();
    expect(screen.getByRole('switch', { name: 'Gig Active' })).toBeDisabled();
    expect(screen.getByRole('combobox', { name: 'Playlist' })).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: 'Allow messages' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Update Gig' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Open Gig' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Open QRC' })).toBeEnabled();
    // The band and public links are read-only text to copy, as for everyone.
    expect(editableControls().map((control) => control.getAttribute('readonly'))).toEqual(['', '']);
  });

  it('sees the performer read-only', async () => {
    open(VIEWER, '/admin/performer/3', { 'GET /api/admin/performer/3': json(200, BIJELO_DUGME) });
    await screen.findByRole('heading', { level: 1, name: 'Edit performer Bijelo Dugme' });
    expect(notices()).toContain(VIEWER_NOTICE);
    expect(screen.getByRole('textbox', { name: 'Name' })).toBeDisabled();
    expect(editableControls()).toEqual([]);
    expect(screen.getByRole('button', { name: 'Update Performer' })).toBeDisabled();
  });
});

describe('a viewer is not offered what only band admins do', () => {
  const VIEWER_ADD = "You can view your band's items. Only band admins can add them.";

  it('sees a notice on /admin/importsongs instead of the import form', async () => {
    const { server } = open(VIEWER, '/admin/importsongs', {});
    await screen.findByRole('heading', { level: 1, name: 'Import songs' });
    expect(await screen.findByRole('alert')).toHaveTextContent(VIEWER_ADD);
    expect(screen.queryByRole('button', { name: 'Preview' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('CSV file')).not.toBeInTheDocument();
    expect(server.callsTo('POST /api/admin/songs/import/preview')).toHaveLength(0);
  });

  it('a band admin gets the import form there', async () => {
    open(BAND_ADMIN, '/admin/importsongs', {});
    expect(await screen.findByRole('button', { name: 'Preview' })).toBeDisabled();
    expect(screen.getByLabelText('CSV file')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it.each(['addsong', 'addperformer', 'addplaylist', 'addgig'])(
    'sees a notice on /admin/%s instead of the form',
    async (path) => {
      open(VIEWER, `/admin/${path}`, {});
      expect(await screen.findByRole('alert')).toHaveTextContent(VIEWER_ADD);
      expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    },
  );

  it('finds no Import button on the songs list', async () => {
    open(VIEWER, '/admin/songs', { 'GET /api/admin/songs': json(200, { data: [DJURDJEVDAN], total: 1 }) });
    expect(await screen.findByText('Đurđevdan')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Import' })).not.toBeInTheDocument();
  });
});
