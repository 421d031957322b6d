/**
 * Forms with field errors: react-admin's 'Required' (spec §5) and a server's 422 {message, errors}.
 * Each submit leaves errors on the form, so react-admin also notifies 'ra.message.invalid_form'
 * through ToastNotification: these tests also guard against that bridge looping (it once froze
 * the page on the first notification).
 */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { DJURDJEVDAN, performerRoutes } from './catalog';
import {
  BAND_ADMIN,
  currentLocation,
  fakeFetch,
  json,
  renderScreen,
  settle,
  signIn,
  type Reply,
} from './helpers';

function open(entry: string, extra: Record<string, Reply> = {}) {
  signIn(BAND_ADMIN);
  const server = fakeFetch({
    'GET /api/user': json(200, BAND_ADMIN),
    ...performerRoutes(),
    'GET /api/admin/song/5': json(200, DJURDJEVDAN),
    ...extra,
  });
  return { ...renderScreen(entry), server };
}

describe('Required fields (spec §5: title or name required; performer required for songs)', () => {
  it("Add song sends nothing and shows react-admin's 'Required' without a title or a performer", async () => {
    const { user, server } = open('/admin/addsong');
    await screen.findByRole('heading', { level: 1, name: 'Add song' });
    const title = screen.getByRole('textbox', { name: 'Title' });
    const performer = screen.getByRole('combobox', { name: 'Performer' });
    await user.click(screen.getByRole('button', { name: 'Add Song' }));
    await waitFor(() => expect(title).toHaveAccessibleDescription('Required'));
    expect(performer).toHaveAccessibleDescription('Required');

    await user.type(title, 'Ćevapi kod Žike');
    await user.click(screen.getByRole('button', { name: 'Add Song' }));
    await settle();
    expect(performer).toHaveAccessibleDescription('Required');
    expect(server.callsTo('POST /api/admin/addsong')).toHaveLength(0);
  });

  it("Add performer sends nothing and shows 'Required' without a name", async () => {
    const { user, server } = open('/admin/addperformer');
    await screen.findByRole('heading', { level: 1, name: 'Add performer' });
    await user.click(screen.getByRole('button', { name: 'Add Performer' }));
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Name' })).toHaveAccessibleDescription('Required'),
    );
    await settle();
    expect(server.callsTo('POST /api/admin/addperformer')).toHaveLength(0);
  });

  it("Edit song does not send a song whose title was cleared, showing 'Required'", async () => {
    const { user, server } = open('/admin/song/5');
    await screen.findByRole('heading', { level: 1, name: 'Edit: Đurđevdan' });
    const title = screen.getByRole('textbox', { name: 'Title' });
    await user.clear(title);
    await user.click(screen.getByRole('button', { name: 'Update Song' }));
    await waitFor(() => expect(title).toHaveAccessibleDescription('Required'));
    await settle();
    expect(server.callsTo('POST /api/admin/song/5/update')).toHaveLength(0);
  });
});

describe('Server validation errors (422 {message, errors})', () => {
  it("Add song shows a 422 answer's field message under the Title field and stays on the form", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined); // react-admin logs failed calls
    const message = 'The title may not be greater than 255 characters.';
    const { user } = open('/admin/addsong', {
      'POST /api/admin/addsong': json(422, { message, errors: { title: [message] } }),
    });
    await screen.findByRole('heading', { level: 1, name: 'Add song' });
    const title = screen.getByRole('textbox', { name: 'Title' });
    await user.type(title, 'Ćevapi kod Žike');
    await user.click(screen.getByRole('combobox', { name: 'Performer' }));
    await user.click(
      within(await screen.findByRole('listbox')).getByRole('option', { name: 'Bijelo Dugme' }),
    );
    await user.click(screen.getByRole('button', { name: 'Add Song' }));
    await waitFor(() => expect(title).toHaveAccessibleDescription(message));
    expect(screen.queryByText('Song has been added')).not.toBeInTheDocument();
    expect(currentLocation()).toBe('/admin/addsong');
  });
});
