import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ApiUser, ListedBand, ListedUser } from '../../src/shared/api-types';
import {
  BAND_ADMIN,
  currentLocation,
  fakeFetch,
  json,
  renderApp,
  renderScreen,
  settle,
  signIn,
  storedUser,
  SYSTEM_ADMIN,
  type Reply,
} from './helpers';

const LIST = 'GET /api/admin/users';
const BANDS = 'GET /api/admin/bands';
const CURRENT_USER = 'GET /api/user';
const ADD = 'POST /api/admin/adduser';
const UPDATE = 'POST /api/admin/user/5/update';
const ROLE = 'POST /api/admin/users/5/role';
const BAND = 'POST /api/admin/users/5/band';
const DELETE = 'GET /api/admin/user/5/delete';

const ZVEZDE: ListedBand = {
  id: 1,
  naziv: 'Zvezde Beograda',
  email: 'info@zvezde.rs',
  picture: null,
  users_count: 2,
  slug: 'zvezde-beograda',
};
const MAKOVI: ListedBand = {
  id: 2,
  naziv: 'Crveni Makovi',
  email: null,
  picture: null,
  users_count: 0,
  slug: 'crveni-makovi',
};

const MARKO: ListedUser = {
  id: 1,
  name: 'Marko Admin',
  email: 'admin@encore.rs',
  role: 'admin',
  band: null,
  band_naziv: null,
};
const JOVAN: ListedUser = {
  id: 5,
  name: 'Jovan Jovanović',
  email: 'jovan@zvezde.rs',
  role: 'band_admin',
  band: 1,
  band_naziv: 'Zvezde Beograda',
};
const MILA: ListedUser = {
  id: 6,
  name: 'Mila Gledalac',
  email: 'mila@zvezde.rs',
  role: 'viewer',
  band: 1,
  band_naziv: 'Zvezde Beograda',
};

const INVALID = {
  message: 'The given data was invalid.',
  errors: { email: ['The email has already been taken.'] },
};

/** A reply for a server that never answers (fetch rejects as browsers do when offline). */
const offline: Reply = () => {
  throw new TypeError('Failed to fetch');
};

/** Silences (and records) the errors the panel logs for failed calls. */
const quietErrors = () => vi.spyOn(console, 'error').mockImplementation(() => undefined);

/**
 * A system admin on /admin/users (with toasts) against a server listing `users` (read on every call, so
 * a route may change it) and the two bands; `routes` add or replace replies.
 */
function openUsers(
  routes: Record<string, Reply> = {},
  users: ListedUser[] = [MARKO, JOVAN, MILA],
  { shell = false, locale }: { shell?: boolean; locale?: 'en' | 'sr' } = {},
) {
  signIn(SYSTEM_ADMIN);
  const server = fakeFetch({
    [CURRENT_USER]: json(200, SYSTEM_ADMIN),
    [LIST]: (call) => json(200, { data: users })(call),
    [BANDS]: json(200, { data: [ZVEZDE, MAKOVI] }),
    ...routes,
  });
  // The whole panel only where the test reads its header; otherwise the screen alone.
  const view = shell ? renderApp('/admin/users') : renderScreen('/admin/users', { locale });
  return { ...view, server, users };
}

type User = ReturnType<typeof openUsers>['user'];

/** The users table's row of `name` (the header also shows the signed-in user's name). */
async function row(name: string) {
  const table = await screen.findByRole('table', { name: 'Users' });
  return (await within(table).findByText(name)).closest('tr')!;
}
const roleSelect = (name: string) => screen.getByLabelText(`Role of ${name}`);
const bandSelect = (name: string) => screen.getByLabelText(`Band of ${name}`);
const optionsOf = (select: HTMLElement) =>
  within(select)
    .getAllByRole('option')
    .map((option) => option.textContent);

async function openDialog(user: User, button: string, title: string) {
  await user.click(await screen.findByRole('button', { name: button }));
  return screen.findByRole('dialog', { name: title });
}

const field = (dialog: HTMLElement, label: RegExp) => within(dialog).getByLabelText(label);

/** Picks `option` in one of the dialog's MUI selects (Role or Band). */
async function choose(user: User, dialog: HTMLElement, label: string, option: string) {
  await user.click(within(dialog).getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
  await waitFor(() => expect(screen.queryByRole('listbox')).not.toBeInTheDocument());
}

/** Types into a field (pasted at once: typing letter by letter only slows the tests down). */
async function enter(user: User, input: HTMLElement, text: string) {
  await user.click(input);
  await user.paste(text);
}

async function fillNewUser(user: User, dialog: HTMLElement) {
  await enter(user, field(dialog, /^Name/), 'Nina Nikolić');
  await enter(user, field(dialog, /^Email/), 'nina@makovi.rs');
  await enter(user, field(dialog, /^Password/), 'tajna1234');
}

describe('User Management list', () => {
  it("lists every user with name, email, role label and band name, or 'No band assigned'", async () => {
    const { server } = openUsers();
    expect(await screen.findByRole('heading', { level: 1, name: 'User Management' })).toBeInTheDocument();

    const jovan = await row('Jovan Jovanović');
    expect(jovan).toHaveTextContent('jovan@zvezde.rs');
    expect(jovan).toHaveTextContent('Band Admin');
    expect(jovan).toHaveTextContent('Zvezde Beograda');
    expect(roleSelect('Jovan Jovanović')).toHaveDisplayValue('Band Admin');
    await waitFor(() => expect(bandSelect('Jovan Jovanović')).toHaveDisplayValue('Zvezde Beograda'));

    const marko = await row('Marko Admin');
    expect(marko).toHaveTextContent('admin@encore.rs');
    expect(marko).toHaveTextContent('System Admin');
    expect(marko).toHaveTextContent('No band assigned');
    expect(roleSelect('Marko Admin')).toHaveDisplayValue('System Admin');
    expect(bandSelect('Marko Admin')).toHaveDisplayValue('No band assigned');

    const mila = await row('Mila Gledalac');
    expect(mila).toHaveTextContent('mila@zvezde.rs');
    expect(mila).toHaveTextContent('Viewer');
    expect(roleSelect('Mila Gledalac')).toHaveDisplayValue('Viewer');

    expect(optionsOf(roleSelect('Mila Gledalac'))).toEqual(
      expect.arrayContaining(['Viewer', 'Band Admin', 'System Admin']),
    );
    expect(optionsOf(bandSelect('Mila Gledalac'))).toEqual([
      'No band assigned',
      'Zvezde Beograda',
      'Crveni Makovi',
    ]);
    for (const name of ['Marko Admin', 'Jovan Jovanović', 'Mila Gledalac']) {
      const actions = within(await row(name));
      expect(actions.getByRole('button', { name: `Edit ${name}` })).toBeInTheDocument();
      expect(actions.getByRole('button', { name: `Delete ${name}` })).toBeInTheDocument();
    }
    expect(screen.getByRole('button', { name: '+ Add New User' })).toBeInTheDocument();
    expect(server.callsTo(LIST)[0].url).toBe('/api/admin/users');
    expect(server.callsTo(BANDS)[0].url).toBe('/api/admin/bands');
  });

  it("shows 'No users found.' when there are no users", async () => {
    openUsers({}, []);
    expect(await screen.findByText('No users found.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it("shows 'Error: Failed to fetch users' when the users call fails", async () => {
    quietErrors();
    openUsers({ [LIST]: json(500, { message: 'Server Error' }) });
    expect(await screen.findByText('Error: Failed to fetch users')).toBeInTheDocument();
    expect(screen.queryByText('No users found.')).not.toBeInTheDocument();
  });

  it('only logs a failed bands call: the users are listed and the band dropdowns offer no bands', async () => {
    const errors = quietErrors();
    const { user } = openUsers({ [BANDS]: json(500, { message: 'Server Error' }) });
    await row('Jovan Jovanović');
    await waitFor(() =>
      expect(errors).toHaveBeenCalledWith('Failed to fetch bands', expect.objectContaining({ status: 500 })),
    );
    expect(screen.queryByText(/Failed to fetch bands/)).not.toBeInTheDocument();
    expect(screen.queryByText(/Error:/)).not.toBeInTheDocument();
    expect(optionsOf(bandSelect('Jovan Jovanović'))).toEqual(['No band assigned']);

    const dialog = await openDialog(user, '+ Add New User', 'Add New User');
    expect(within(dialog).getByRole('combobox', { name: 'Band' })).toBeInTheDocument();
  });
});

describe('Changing a role or band from the list', () => {
  it('posts the new role at once and reloads the list', async () => {
    const users = [MARKO, { ...JOVAN }, MILA];
    const { user, server } = openUsers(
      {
        [ROLE]: (call) => {
          users[1] = { ...users[1], role: (call.body as { role: ListedUser['role'] }).role };
          return json(200, { success: true, data: users[1] })(call);
        },
      },
      users,
    );
    await row('Jovan Jovanović');
    await waitFor(() => expect(server.callsTo(LIST)).toHaveLength(1));

    await user.selectOptions(roleSelect('Jovan Jovanović'), 'Viewer');

    await waitFor(() => expect(server.callsTo(ROLE)).toHaveLength(1));
    const [call] = server.callsTo(ROLE);
    expect(call.url).toBe('/api/admin/users/5/role');
    expect(call.body).toEqual({ role: 'viewer' });
    await waitFor(() => expect(server.callsTo(LIST)).toHaveLength(2));
    await waitFor(() => expect(roleSelect('Jovan Jovanović')).toHaveDisplayValue('Viewer'));
    expect(await row('Jovan Jovanović')).toHaveTextContent('Viewer');
  });

  it("shows 'Error updating user role' when the role change fails, and keeps the old role", async () => {
    quietErrors();
    const { user, server } = openUsers({ [ROLE]: json(500, { message: 'Server Error' }) });
    await row('Jovan Jovanović');
    await user.selectOptions(roleSelect('Jovan Jovanović'), 'System Admin');
    expect(await screen.findByText(/^Error updating user role/)).toBeInTheDocument();
    expect(server.callsTo(ROLE)[0].body).toEqual({ role: 'admin' });
    await waitFor(() => expect(roleSelect('Jovan Jovanović')).toHaveDisplayValue('Band Admin'));
  });

  it("posts {band_id: null} for 'No band assigned'", async () => {
    const users = [MARKO, { ...JOVAN }, MILA];
    const { user, server } = openUsers(
      {
        [BAND]: (call) => {
          users[1] = { ...users[1], band: null, band_naziv: null };
          return json(200, { success: true, data: users[1] })(call);
        },
      },
      users,
    );
    await row('Jovan Jovanović');
    await waitFor(() => expect(bandSelect('Jovan Jovanović')).toHaveDisplayValue('Zvezde Beograda'));

    await user.selectOptions(bandSelect('Jovan Jovanović'), 'No band assigned');

    await waitFor(() => expect(server.callsTo(BAND)).toHaveLength(1));
    expect(server.callsTo(BAND)[0].body).toEqual({ band_id: null });
    await waitFor(() => expect(server.callsTo(LIST)).toHaveLength(2));
    await waitFor(() => expect(bandSelect('Jovan Jovanović')).toHaveDisplayValue('No band assigned'));
  });

  it('posts {band_id: <number>}, then refreshes the signed-in user so the header shows the new band', async () => {
    const users = [{ ...MARKO }, JOVAN, MILA];
    let me: ApiUser = { ...SYSTEM_ADMIN, token: 'not-sent-by-the-server' };
    const { user, server } = openUsers(
      {
        [CURRENT_USER]: (call) => json(200, me)(call),
        'POST /api/admin/users/1/band': (call) => {
          users[0] = { ...users[0], band: 2, band_naziv: MAKOVI.naziv };
          me = { ...me, band: 2, banddata: { naziv: MAKOVI.naziv, picture: null } };
          return json(200, { success: true, data: users[0] })(call);
        },
      },
      users,
      { shell: true },
    );
    await row('Marko Admin');
    await waitFor(() => expect(optionsOf(bandSelect('Marko Admin'))).toContain('Crveni Makovi'));
    const userCallsBefore = server.callsTo(CURRENT_USER).length;
    expect(screen.queryByTestId('header-band')).not.toBeInTheDocument();

    await user.selectOptions(bandSelect('Marko Admin'), 'Crveni Makovi');

    await waitFor(() => expect(server.callsTo('POST /api/admin/users/1/band')).toHaveLength(1));
    expect(server.callsTo('POST /api/admin/users/1/band')[0].body).toEqual({ band_id: 2 });
    await waitFor(() => expect(server.callsTo(CURRENT_USER).length).toBe(userCallsBefore + 1));
    expect(await screen.findByTestId('header-band')).toHaveTextContent('Crveni Makovi');
    expect(storedUser()).toMatchObject({
      band: 2,
      banddata: { naziv: 'Crveni Makovi' },
      token: SYSTEM_ADMIN.token,
    });
    await waitFor(() => expect(bandSelect('Marko Admin')).toHaveDisplayValue('Crveni Makovi'));
  });

  it("shows 'Error updating user band' when the band change fails", async () => {
    quietErrors();
    const { user, server } = openUsers({ [BAND]: json(500, { message: 'Server Error' }) });
    await row('Jovan Jovanović');
    await waitFor(() => expect(optionsOf(bandSelect('Jovan Jovanović'))).toContain('Crveni Makovi'));
    await user.selectOptions(bandSelect('Jovan Jovanović'), 'Crveni Makovi');
    expect(await screen.findByText(/^Error updating user band/)).toBeInTheDocument();
    expect(server.callsTo(BAND)[0].body).toEqual({ band_id: 2 });
    await waitFor(() => expect(bandSelect('Jovan Jovanović')).toHaveDisplayValue('Zvezde Beograda'));
  });
});

describe('Add New User', () => {
  it("opens an empty 'Add New User' dialog with Viewer and 'No band assigned' chosen", async () => {
    const { user } = openUsers();
    const dialog = await openDialog(user, '+ Add New User', 'Add New User');
    expect(field(dialog, /^Name/)).toHaveValue('');
    expect(field(dialog, /^Email/)).toHaveValue('');
    expect(field(dialog, /^Email/)).toHaveAttribute('type', 'email');
    expect(field(dialog, /^Password/)).toHaveValue('');
    expect(within(dialog).getByRole('combobox', { name: 'Role' })).toHaveTextContent('Viewer');
    expect(within(dialog).getByRole('button', { name: 'Add User' })).toBeEnabled();
    await user.click(within(dialog).getByRole('combobox', { name: 'Band' }));
    expect(await screen.findByRole('option', { name: 'No band assigned' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  });

  it.each([['Name'], ['Email'], ['Password']])(
    "says 'Please fill in all required fields' and posts nothing when %s is missing",
    async (missing) => {
      const { user, server } = openUsers();
      const dialog = await openDialog(user, '+ Add New User', 'Add New User');
      await fillNewUser(user, dialog);
      await user.clear(field(dialog, new RegExp(`^${missing}`)));
      await user.click(within(dialog).getByRole('button', { name: 'Add User' }));
      expect(await within(dialog).findByText('Please fill in all required fields')).toBeInTheDocument();
      await settle();
      expect(server.callsTo(ADD)).toHaveLength(0);
      expect(screen.getByRole('dialog', { name: 'Add New User' })).toBeInTheDocument();
    },
  );

  it("posts {name, email, password, role, band_id}, says 'User added successfully!', closes and reloads", async () => {
    const users = [MARKO, JOVAN, MILA];
    const { user, server } = openUsers(
      {
        [ADD]: (call) => {
          const added: ListedUser = {
            id: 9,
            name: 'Nina Nikolić',
            email: 'nina@makovi.rs',
            role: 'band_admin',
            band: 2,
            band_naziv: 'Crveni Makovi',
          };
          users.push(added);
          return json(201, { success: true, message: 'User created', data: added })(call);
        },
      },
      users,
    );
    await row('Jovan Jovanović');
    const dialog = await openDialog(user, '+ Add New User', 'Add New User');
    await fillNewUser(user, dialog);
    await choose(user, dialog, 'Role', 'Band Admin');
    await choose(user, dialog, 'Band', 'Crveni Makovi');
    await user.click(within(dialog).getByRole('button', { name: 'Add User' }));

    expect(await screen.findByText('User added successfully!')).toBeInTheDocument();
    const [call] = server.callsTo(ADD);
    expect(call.url).toBe('/api/admin/adduser');
    expect(call.body).toEqual({
      name: 'Nina Nikolić',
      email: 'nina@makovi.rs',
      password: 'tajna1234',
      role: 'band_admin',
      band_id: 2,
    });
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Add New User' })).not.toBeInTheDocument(),
    );
    expect(await row('Nina Nikolić')).toHaveTextContent('nina@makovi.rs');
    expect(server.callsTo(LIST)).toHaveLength(2);
  });

  it("sends band_id null when 'No band assigned' is kept", async () => {
    const { user, server } = openUsers({ [ADD]: json(201, { success: true, message: 'ok', data: MILA }) });
    const dialog = await openDialog(user, '+ Add New User', 'Add New User');
    await fillNewUser(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Add User' }));
    await waitFor(() => expect(server.callsTo(ADD)).toHaveLength(1));
    expect(server.callsTo(ADD)[0].body).toMatchObject({ role: 'viewer', band_id: null });
  });

  it("on a 422 says 'Failed to add user' with the message and field errors, keeps the dialog and what was typed, and marks the field", async () => {
    quietErrors();
    const { user, server } = openUsers({
      [ADD]: json(422, {
        message: 'The given data was invalid.',
        errors: {
          email: ['The email has already been taken.'],
          password: ['The password must be at least 8 characters.'],
        },
      }),
    });
    const dialog = await openDialog(user, '+ Add New User', 'Add New User');
    await fillNewUser(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Add User' }));

    const alert = await within(dialog).findByText(/^Failed to add user/);
    expect(alert).toHaveTextContent('The given data was invalid.');
    expect(alert).toHaveTextContent('The email has already been taken.');
    expect(alert).toHaveTextContent('The password must be at least 8 characters.');
    expect(server.callsTo(ADD)).toHaveLength(1);
    expect(screen.getByRole('dialog', { name: 'Add New User' })).toBeInTheDocument();
    expect(field(dialog, /^Name/)).toHaveValue('Nina Nikolić');
    expect(field(dialog, /^Email/)).toHaveValue('nina@makovi.rs');
    expect(field(dialog, /^Email/)).toHaveAttribute('aria-invalid', 'true');
    expect(field(dialog, /^Email/)).toHaveAccessibleDescription('The email has already been taken.');
    expect(field(dialog, /^Password/)).toHaveAccessibleDescription(
      'The password must be at least 8 characters.',
    );
    expect(screen.queryByText('User added successfully!')).not.toBeInTheDocument();
  });

  it("says 'Network error adding user' when the server cannot be reached", async () => {
    quietErrors();
    const { user } = openUsers({ [ADD]: offline });
    const dialog = await openDialog(user, '+ Add New User', 'Add New User');
    await fillNewUser(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Add User' }));
    expect(await within(dialog).findByText('Network error adding user')).toBeInTheDocument();
    expect(field(dialog, /^Name/)).toHaveValue('Nina Nikolić');
  });
});

describe('Edit User', () => {
  async function openEdit(routes: Record<string, Reply>) {
    const view = openUsers(routes);
    await row('Jovan Jovanović');
    const dialog = await openDialog(view.user, 'Edit Jovan Jovanović', 'Edit User');
    return { ...view, dialog };
  }

  it("opens 'Edit User' filled with the user, with a blank password", async () => {
    const { dialog } = await openEdit({});
    expect(field(dialog, /^Name/)).toHaveValue('Jovan Jovanović');
    expect(field(dialog, /^Email/)).toHaveValue('jovan@zvezde.rs');
    expect(field(dialog, /^Password/)).toHaveValue('');
    expect(within(dialog).getByRole('combobox', { name: 'Role' })).toHaveTextContent('Band Admin');
    expect(within(dialog).getByRole('combobox', { name: 'Band' })).toHaveTextContent('Zvezde Beograda');
  });

  it("posts the same body with password '' when left blank, and says 'User updated successfully!'", async () => {
    const users = [MARKO, { ...JOVAN }, MILA];
    const { user, server, dialog } = await openEdit({
      [LIST]: (call) => json(200, { data: users })(call),
      [UPDATE]: (call) => {
        users[1] = { ...users[1], name: 'Jovan Petrović' };
        return json(200, { success: true, message: 'Updated', data: users[1] })(call);
      },
    });
    await user.clear(field(dialog, /^Name/));
    await enter(user, field(dialog, /^Name/), 'Jovan Petrović');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('User updated successfully!')).toBeInTheDocument();
    const [call] = server.callsTo(UPDATE);
    expect(call.url).toBe('/api/admin/user/5/update');
    expect(call.body).toEqual({
      name: 'Jovan Petrović',
      email: 'jovan@zvezde.rs',
      password: '',
      role: 'band_admin',
      band_id: 1,
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit User' })).not.toBeInTheDocument());
    expect(await row('Jovan Petrović')).toBeInTheDocument();
  });

  it('sends a new password, role and band when they are changed', async () => {
    const { user, server, dialog } = await openEdit({
      [UPDATE]: json(200, { success: true, message: 'Updated', data: JOVAN }),
    });
    await enter(user, field(dialog, /^Password/), 'nova-lozinka');
    await choose(user, dialog, 'Role', 'Viewer');
    await choose(user, dialog, 'Band', 'No band assigned');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(server.callsTo(UPDATE)).toHaveLength(1));
    expect(server.callsTo(UPDATE)[0].body).toEqual({
      name: 'Jovan Jovanović',
      email: 'jovan@zvezde.rs',
      password: 'nova-lozinka',
      role: 'viewer',
      band_id: null,
    });
  });

  it("on failure says 'Failed to update user' with the message and '(HTTP 422)', and stays open", async () => {
    quietErrors();
    const { user, dialog } = await openEdit({ [UPDATE]: json(422, INVALID) });
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    const alert = await within(dialog).findByText(/^Failed to update user/);
    expect(alert).toHaveTextContent('The given data was invalid.');
    expect(alert).toHaveTextContent('The email has already been taken.');
    expect(alert).toHaveTextContent('(HTTP 422)');
    expect(field(dialog, /^Email/)).toHaveAccessibleDescription('The email has already been taken.');
    expect(screen.getByRole('dialog', { name: 'Edit User' })).toBeInTheDocument();
  });

  it("says 'Network error updating user' when the server cannot be reached", async () => {
    quietErrors();
    const { user, dialog } = await openEdit({ [UPDATE]: offline });
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await within(dialog).findByText('Network error updating user')).toBeInTheDocument();
  });
});

describe('Delete User', () => {
  async function openDelete(routes: Record<string, Reply>, users?: ListedUser[]) {
    const view = openUsers(routes, users);
    await row('Jovan Jovanović');
    const dialog = await openDialog(view.user, 'Delete Jovan Jovanović', 'Delete User');
    return { ...view, dialog };
  }

  it("confirms first, then calls GET /api/admin/user/{id}/delete, says 'User deleted successfully!' and reloads", async () => {
    const users = [MARKO, JOVAN, MILA];
    const { user, server, dialog } = await openDelete(
      {
        [DELETE]: (call) => {
          users.splice(1, 1);
          return json(200, { success: true, message: 'User deleted' })(call);
        },
      },
      users,
    );
    expect(dialog).toHaveTextContent('Jovan Jovanović');
    await settle(150);
    expect(server.callsTo(DELETE)).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('User deleted successfully!')).toBeInTheDocument();
    const [call] = server.callsTo(DELETE);
    expect(call.method).toBe('GET');
    expect(call.url).toBe('/api/admin/user/5/delete');
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Delete User' })).not.toBeInTheDocument(),
    );
    await waitFor(() => expect(screen.queryByText('Jovan Jovanović')).not.toBeInTheDocument());
    expect(screen.getByText('Mila Gledalac')).toBeInTheDocument();
  });

  it('Cancel closes the dialog without deleting', async () => {
    const { user, server, dialog } = await openDelete({});
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Delete User' })).not.toBeInTheDocument(),
    );
    expect(server.callsTo(DELETE)).toHaveLength(0);
  });

  it("shows 'Failed to delete user: {message}' when the server refuses", async () => {
    quietErrors();
    const { user, dialog } = await openDelete({
      [DELETE]: json(409, { message: 'The last system admin cannot be deleted.' }),
    });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(
      await within(dialog).findByText('Failed to delete user: The last system admin cannot be deleted.'),
    ).toBeInTheDocument();
    expect(screen.queryByText('User deleted successfully!')).not.toBeInTheDocument();
  });

  it("shows 'Failed to delete user: Unknown error' when the failure carries no message", async () => {
    quietErrors();
    const { user, dialog } = await openDelete({ [DELETE]: json(500, {}) });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByText('Failed to delete user: Unknown error')).toBeInTheDocument();
  });
});

describe('User Management for other roles', () => {
  it('signs the user out when the users call answers 401', async () => {
    quietErrors();
    openUsers({ [LIST]: json(401, { message: 'Unauthenticated.' }) });
    await waitFor(() => expect(currentLocation()).toBe('/admin/login'));
    expect(storedUser()).toBeNull();
  });

  it("shows a band admin 'You are not allowed to see this page' and makes no admin call", async () => {
    signIn(BAND_ADMIN);
    const server = fakeFetch({
      [CURRENT_USER]: json(200, BAND_ADMIN),
      [LIST]: json(200, { data: [MARKO, JOVAN] }),
      [BANDS]: json(200, { data: [ZVEZDE] }),
    });
    renderScreen('/admin/users');
    expect(await screen.findByText(/You are not allowed to see this page/)).toBeInTheDocument();
    await settle();
    expect(server.calls.filter((call) => call.url.startsWith('/api/admin/'))).toEqual([]);
    expect(screen.queryByText('Jovan Jovanović')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '+ Add New User' })).not.toBeInTheDocument();
  });
});

describe('User Management in Serbian', () => {
  it('says everything in Serbian: the list, the role and band labels, the Add modal and its check', async () => {
    const { user, server } = openUsers({}, [MARKO, JOVAN, MILA], { locale: 'sr' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Upravljanje korisnicima' }),
    ).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Korisnici' });
    const jovan = (await within(table).findByText('Jovan Jovanović')).closest('tr')!;
    expect(jovan).toHaveTextContent('Administrator benda');
    expect(screen.getByLabelText('Uloga korisnika Mila Gledalac')).toHaveDisplayValue('Posmatrač');
    expect(screen.getByLabelText('Bend korisnika Marko Admin')).toHaveDisplayValue('Bez benda');
    expect(within(jovan).getByRole('button', { name: 'Izmeni Jovan Jovanović' })).toHaveTextContent('Izmeni');
    expect(within(jovan).getByRole('button', { name: 'Obriši Jovan Jovanović' })).toHaveTextContent('Obriši');

    const dialog = await openDialog(user, '+ Dodaj korisnika', 'Novi korisnik');
    expect(field(dialog, /^Lozinka/)).toHaveAccessibleDescription('Najmanje 8 karaktera.');
    expect(within(dialog).getByRole('combobox', { name: 'Uloga' })).toHaveTextContent('Posmatrač');
    await user.click(within(dialog).getByRole('button', { name: 'Dodaj korisnika' }));
    expect(await within(dialog).findByText('Popunite sva obavezna polja')).toBeInTheDocument();
    expect(server.callsTo(ADD)).toHaveLength(0);
  });
});
