import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { HistoryEntry } from '../../src/client/providers/historyApi';
import { DJURDJEVDAN, performerRoutes, song } from './catalog';
import { BAND_ADMIN, fakeFetch, json, renderScreen, signIn, SYSTEM_ADMIN, VIEWER } from './helpers';

const entry = (over: Partial<HistoryEntry>): HistoryEntry => ({
  id: 1,
  at: '2026-11-21T12:00:00.000Z',
  user_id: 2,
  user_name: 'Ana Petrović',
  band_id: 1,
  kind: 'song',
  item_id: 5,
  item_name: 'Đurđevdan',
  action: 'update',
  latest: false,
  changes: [],
  ...over,
});

const SONG_HISTORY = [
  entry({
    id: 12,
    latest: true,
    user_name: 'Marko',
    changes: [
      { field: 'naziv', before: 'Đurđevdan', after: 'Đurđevdan je' },
      { field: 'performer_id', before: 4, after: 3, before_name: 'Riblja Čorba', after_name: 'Bajaga' },
    ],
  }),
  entry({ id: 11, action: 'create', changes: [{ field: 'naziv', before: null, after: 'Đurđevdan' }] }),
];

function openSongHistory(user = BAND_ADMIN, owned = true) {
  signIn(user);
  const server = fakeFetch({
    'GET /api/user': json(200, user),
    ...performerRoutes(),
    'GET /api/admin/song/5': json(200, song({ ...DJURDJEVDAN, owned })),
    'GET /api/admin/history/song/5': json(200, { data: SONG_HISTORY, total: 2 }),
    'POST /api/admin/history/11/restore': json(200, {
      success: true,
      message: 'Version restored.',
      code: 'history_restored',
      kind: 'song',
      item_id: 5,
      not_restored: [],
    }),
  });
  const view = renderScreen('/admin/song/5');
  return { ...view, server };
}

describe('the History tab of an edit screen', () => {
  it('lists every change with who, when and what, field by field, and restores an older version', async () => {
    const { user, server } = openSongHistory();
    await screen.findByRole('heading', { level: 1, name: 'Edit: Đurđevdan' });
    await user.click(screen.getByRole('tab', { name: 'History' }));

    const entries = await screen.findAllByTestId('history-entry');
    expect(entries).toHaveLength(2);
    expect(within(entries[0]).getByText(/^Marko, /)).toBeInTheDocument();
    expect(within(entries[0]).getByText('Changed')).toBeInTheDocument();
    expect(within(entries[0]).getByText('Name: Đurđevdan → Đurđevdan je')).toBeInTheDocument();
    expect(within(entries[0]).getByText('Performer: Riblja Čorba → Bajaga')).toBeInTheDocument();
    // The newest version is the song as it is; the older one can be brought back.
    expect(within(entries[0]).queryByRole('button', { name: 'Restore this version' })).toBeNull();
    await user.click(within(entries[1]).getByRole('button', { name: 'Restore this version' }));

    await waitFor(() => expect(server.callsTo('POST /api/admin/history/11/restore')).toHaveLength(1));
    expect(await screen.findByText('Version restored.')).toBeInTheDocument();
    // The form's tab is still there, with the song's fields.
    await user.click(screen.getByRole('tab', { name: 'Details' }));
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveValue('Đurđevdan');
  });

  it('shows a viewer the history without a way to restore it', async () => {
    const { user } = openSongHistory(VIEWER, false);
    await screen.findByRole('heading', { level: 1, name: 'Edit: Đurđevdan' });
    await user.click(screen.getByRole('tab', { name: 'History' }));
    expect(await screen.findAllByTestId('history-entry')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Restore this version' })).toBeNull();
  });

  it('says which songs a playlist gained, lost and moved, in Serbian too', async () => {
    signIn(BAND_ADMIN);
    fakeFetch({
      'GET /api/user': json(200, BAND_ADMIN),
      'GET /api/admin/playlist/7': json(200, {
        error: false,
        id: 7,
        naziv: 'Subota',
        slika: null,
        owned: true,
        visibility: false,
        songs: [],
        gigs: [],
      }),
      'GET /api/admin/history/playlist/7': json(200, {
        data: [
          entry({
            kind: 'playlist',
            item_id: 7,
            changes: [
              {
                field: 'songs',
                before: [1, 2],
                after: [2, 1, 3],
                added: [{ id: 3, naziv: 'Lutka' }],
                removed: [],
                moved: [{ id: 1, naziv: 'Tišina' }],
              },
            ],
          }),
        ],
        total: 1,
      }),
    });
    const { user } = renderScreen('/admin/playlist/7', { locale: 'sr' });
    await user.click(await screen.findByRole('tab', { name: 'Istorija' }));
    expect(await screen.findByText('Pesme: Dodate: Lutka; Pomerene: Tišina')).toBeInTheDocument();
  });
});

describe('the activity log', () => {
  it('lists changes across the system, filters them, restores a deleted song (not a newest version) and exports CSV', async () => {
    signIn(SYSTEM_ADMIN);
    const deleted = entry({
      id: 30,
      action: 'delete',
      latest: true,
      item_name: 'Lutka',
      item_id: 6,
      changes: [{ field: 'deleted_at', before: null, after: '2026-11-21T12:00:00.000Z' }],
    });
    const server = fakeFetch({
      'GET /api/user': json(200, SYSTEM_ADMIN),
      'GET /api/admin/bands': json(200, { data: [{ id: 1, naziv: 'Zvezde', email: null, picture: null }] }),
      'GET /api/admin/users': json(200, { data: [] }),
      'GET /api/admin/activity': (call) =>
        new Response(
          JSON.stringify(
            call.url.includes('kind=gig')
              ? { data: [], total: 0 }
              : { data: [deleted, ...SONG_HISTORY], total: 3 },
          ),
          { status: 200, headers: { 'Content-Type': 'application/json' } },
        ),
      'POST /api/admin/history/30/restore': json(200, {
        success: true,
        message: 'Version restored.',
        code: 'history_restored',
        kind: 'song',
        item_id: 6,
        not_restored: [],
      }),
      'GET /api/admin/activity/export': () =>
        new Response('\uFEFFat,user\r\n', { status: 200, headers: { 'Content-Type': 'text/csv' } }),
    });
    const { user } = renderScreen('/admin/activity');
    expect(await screen.findByText('Song: Lutka (#6) — Deleted')).toBeInTheDocument();
    expect(screen.getByText('Name: Đurđevdan → Đurđevdan je')).toBeInTheDocument();
    // A song's newest change is the song as it is: only its older version, and the deleted song
    // (its newest change a delete), can be brought back.
    expect(screen.getAllByRole('button', { name: 'Restore: Đurđevdan' })).toHaveLength(1);
    const created = screen.getByText('Song: Đurđevdan (#5) — Created').closest('tr')!;
    expect(within(created).getByRole('button', { name: 'Restore: Đurđevdan' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Restore: Lutka' }));
    await waitFor(() => expect(server.callsTo('POST /api/admin/history/30/restore')).toHaveLength(1));
    expect(await screen.findByText('Version restored.')).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Kind' }));
    await user.click(await screen.findByRole('option', { name: 'Gig' }));
    await waitFor(() =>
      expect(server.callsTo('GET /api/admin/activity').some((call) => call.url.includes('kind=gig'))).toBe(
        true,
      ),
    );
    await waitFor(() => expect(screen.queryByText('Song: Lutka (#6) — Deleted')).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(server.callsTo('GET /api/admin/activity/export')).toHaveLength(1));
    expect(server.callsTo('GET /api/admin/activity/export')[0].url).toContain('kind=gig');
  });

  it('refuses other roles', async () => {
    signIn(BAND_ADMIN);
    fakeFetch({ 'GET /api/user': json(200, BAND_ADMIN) });
    renderScreen('/admin/activity');
    expect(await screen.findByText(/system admin/i)).toBeInTheDocument();
  });
});
