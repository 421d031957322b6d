import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { BandMember, FormerBandSlug, ListedBand } from '../../src/shared/api-types';
import { formFields, stubObjectUrls } from './catalog';
import {
  BAND_ADMIN,
  currentLocation,
  fakeFetch,
  json,
  renderScreen,
  settle,
  signIn,
  storedUser,
  SYSTEM_ADMIN,
  type Reply,
} from './helpers';

const LIST = 'GET /api/admin/bands';
const ADD = 'POST /api/admin/addband';
const UPDATE = 'POST /api/admin/updateband/2';
const DELETE = 'DELETE /api/admin/deleteband/2';
const MEMBERS = 'GET /api/admin/band/2/users';
const REMOVE = 'POST /api/admin/band/2/remove-user/5';
const FORMER = 'GET /api/admin/band-slugs';

stubObjectUrls();

const ZVEZDE: ListedBand = {
  id: 2,
  naziv: 'Zvezde Beograda',
  email: 'info@zvezde.rs',
  picture: null,
  users_count: 2,
  slug: 'zvezde-beograda',
};
const MAKOVI: ListedBand = {
  id: 3,
  naziv: 'Crveni Makovi',
  email: 'makovi@encore.rs',
  picture: null,
  users_count: 1,
  slug: 'crveni-makovi',
};
const TALAS: ListedBand = {
  id: 4,
  naziv: 'Novi Talas',
  email: null,
  picture: null,
  users_count: 0,
  slug: 'novi-talas',
};

const JOVAN: BandMember = { id: 5, name: 'Jovan Jovanović', email: 'jovan@zvezde.rs', role: 'band_admin' };
const MILA: BandMember = { id: 6, name: 'Mila Gledalac', email: 'mila@zvezde.rs', role: 'viewer' };

/** A reply for a server that never answers (fetch rejects as browsers do when offline). */
const offline: Reply = () => {
  throw new TypeError('Failed to fetch');
};

/** Silences the errors the panel logs for failed calls. */
const quietErrors = () => vi.spyOn(console, 'error').mockImplementation(() => undefined);

/**
 * A system admin on /admin/bands (with toasts) against a server listing `bands` (read on every call, so
 * a route may change it); `routes` add or replace replies.
 */
function openBands(
  routes: Record<string, Reply> = {},
  bands: ListedBand[] = [ZVEZDE, MAKOVI],
  locale?: 'en' | 'sr',
) {
  signIn(SYSTEM_ADMIN);
  const server = fakeFetch({
    'GET /api/user': json(200, SYSTEM_ADMIN),
    [LIST]: (call) => json(200, { data: bands })(call),
    [FORMER]: json(200, { data: [] }),
    ...routes,
  });
  const view = renderScreen('/admin/bands', { locale });
  return { ...view, server, bands };
}

type User = ReturnType<typeof openBands>['user'];

/** The screen's own Refresh button (react-admin's app bar has an icon-only one named Refresh too). */
const refreshButton = () => screen.getByText('Refresh', { selector: 'button' });

/** The bands list's item of `naziv`. */
async function item(naziv: string) {
  const list = await screen.findByRole('list', { name: 'Bands' });
  return (await within(list).findByText(naziv)).closest('li')!;
}

async function openDialog(user: User, button: string, title: string) {
  await user.click(await screen.findByRole('button', { name: button }));
  return screen.findByRole('dialog', { name: title });
}

const nameField = (dialog: HTMLElement) => within(dialog).getByLabelText(/^Band Name/);
const emailField = (dialog: HTMLElement) => within(dialog).getByLabelText(/^Email/);
const pictureInput = (dialog: HTMLElement) => within(dialog).getByLabelText('Band Picture');

/** Types into a field (pasted at once: typing letter by letter only slows the tests down). */
async function enter(user: User, input: HTMLElement, text: string) {
  await user.click(input);
  await user.paste(text);
}

const png = () => new File(['png'], 'logo.png', { type: 'image/png' });

describe('Band Management list', () => {
  it('lists every band with its name, email and number of users, and Edit, Users and Delete', async () => {
    const { server } = openBands({}, [ZVEZDE, MAKOVI, TALAS]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Band Management' })).toBeInTheDocument();

    const zvezde = await item('Zvezde Beograda');
    expect(zvezde).toHaveTextContent('info@zvezde.rs');
    expect(zvezde).toHaveTextContent('2 users');
    const makovi = await item('Crveni Makovi');
    expect(makovi).toHaveTextContent('makovi@encore.rs');
    expect(makovi).toHaveTextContent('1 user');
    expect(await item('Novi Talas')).toHaveTextContent('0 users');

    for (const naziv of ['Zvezde Beograda', 'Crveni Makovi', 'Novi Talas']) {
      const actions = within(await item(naziv));
      expect(actions.getByRole('button', { name: `Edit ${naziv}` })).toBeInTheDocument();
      expect(actions.getByRole('button', { name: `Users of ${naziv}` })).toBeInTheDocument();
      expect(actions.getByRole('button', { name: `Delete ${naziv}` })).toBeInTheDocument();
    }
    expect(refreshButton()).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Add Band' })).toBeInTheDocument();
    expect(server.callsTo(LIST)[0].url).toBe('/api/admin/bands');
  });

  it("shows 'No bands found in the system.' when there are none", async () => {
    openBands({}, []);
    expect(await screen.findByText('No bands found in the system.')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Bands' })).not.toBeInTheDocument();
  });

  it('Refresh fetches the bands again and shows the new list', async () => {
    const bands = [ZVEZDE];
    const { user, server } = openBands({}, bands);
    await item('Zvezde Beograda');
    expect(screen.queryByText('Crveni Makovi')).not.toBeInTheDocument();
    expect(server.callsTo(LIST)).toHaveLength(1);

    bands.push(MAKOVI);
    await user.click(refreshButton());

    await waitFor(() => expect(server.callsTo(LIST)).toHaveLength(2));
    expect(await item('Crveni Makovi')).toHaveTextContent('1 user');
  });
});

describe('Add New Band', () => {
  async function openAdd(routes: Record<string, Reply> = {}, bands?: ListedBand[]) {
    const view = openBands(routes, bands);
    await item('Zvezde Beograda');
    const dialog = await openDialog(view.user, 'Add Band', 'Add New Band');
    return { ...view, dialog, submit: () => within(dialog).getByRole('button', { name: 'Add Band' }) };
  }

  it("keeps 'Add Band' disabled while the trimmed Band Name is empty", async () => {
    const { user, dialog, submit } = await openAdd();
    expect(nameField(dialog)).toHaveValue('');
    expect(emailField(dialog)).toHaveAttribute('type', 'email');
    expect(submit()).toBeDisabled();
    await enter(user, nameField(dialog), '   ');
    expect(submit()).toBeDisabled();
    await enter(user, nameField(dialog), 'Novi Talas');
    expect(submit()).toBeEnabled();
    await user.clear(nameField(dialog));
    expect(submit()).toBeDisabled();
  });

  it("sends multipart naziv (trimmed), email and picture, says 'Band added successfully!', closes and reloads", async () => {
    const bands = [ZVEZDE, MAKOVI];
    const { user, server, dialog, submit } = await openAdd(
      {
        [ADD]: (call) => {
          bands.push(TALAS);
          return json(201, { success: true, message: 'Band created', data: TALAS })(call);
        },
      },
      bands,
    );
    await enter(user, nameField(dialog), '  Novi Talas  ');
    await enter(user, emailField(dialog), 'talas@encore.rs');
    await user.upload(pictureInput(dialog), png());
    expect(await within(dialog).findByText('logo.png')).toBeInTheDocument();
    await user.click(submit());

    expect(await screen.findByText('Band added successfully!')).toBeInTheDocument();
    const [call] = server.callsTo(ADD);
    expect(call.url).toBe('/api/admin/addband');
    expect(call.body).toBeInstanceOf(FormData);
    expect(formFields(call.body)).toEqual([
      ['naziv', 'Novi Talas'],
      ['email', 'talas@encore.rs'],
      ['picture', 'file logo.png'],
    ]);
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Add New Band' })).not.toBeInTheDocument(),
    );
    expect(await item('Novi Talas')).toHaveTextContent('0 users');
    expect(server.callsTo(LIST)).toHaveLength(2);
  });

  it('refuses a picture that is not an image and does not send it', async () => {
    const { server, dialog, submit } = await openAdd({
      [ADD]: json(201, { success: true, message: 'Band created', data: TALAS }),
    });
    // A browser's file picker may still offer other files (e.g. "All files"): accept filters nothing.
    const user = userEvent.setup({ applyAccept: false });
    expect(pictureInput(dialog)).toHaveAttribute('type', 'file');
    expect(pictureInput(dialog)).toHaveAttribute('accept', 'image/*');
    await enter(user, nameField(dialog), 'Novi Talas');
    await user.upload(pictureInput(dialog), new File(['%PDF'], 'ugovor.pdf', { type: 'application/pdf' }));

    expect(await within(dialog).findByText(/Choose an image file/)).toBeInTheDocument();
    expect(within(dialog).queryByText('ugovor.pdf')).not.toBeInTheDocument();
    await user.click(submit());
    await waitFor(() => expect(server.callsTo(ADD)).toHaveLength(1));
    const sent = new Map(formFields(server.callsTo(ADD)[0].body));
    expect(sent.get('naziv')).toBe('Novi Talas');
    expect(sent.has('picture')).toBe(false);
  });

  it("on a 422 says 'Failed to add band' with the server's message and '(HTTP 422)', and stays open", async () => {
    quietErrors();
    const { user, dialog, submit } = await openAdd({
      [ADD]: json(422, {
        message: 'The naziv has already been taken.',
        errors: { naziv: ['The naziv has already been taken.'] },
      }),
    });
    await enter(user, nameField(dialog), 'Zvezde Beograda');
    await user.click(submit());

    const alert = await within(dialog).findByText(/^Failed to add band/);
    expect(alert).toHaveTextContent('The naziv has already been taken.');
    expect(alert).toHaveTextContent('(HTTP 422)');
    expect(screen.getByRole('dialog', { name: 'Add New Band' })).toBeInTheDocument();
    expect(nameField(dialog)).toHaveValue('Zvezde Beograda');
    expect(nameField(dialog)).toHaveAccessibleDescription('The naziv has already been taken.');
    expect(screen.queryByText('Band added successfully!')).not.toBeInTheDocument();
  });

  it("says 'Error adding band' when the server cannot be reached", async () => {
    quietErrors();
    const { user, dialog, submit } = await openAdd({ [ADD]: offline });
    await enter(user, nameField(dialog), 'Novi Talas');
    await user.click(submit());
    expect(await within(dialog).findByText('Error adding band')).toBeInTheDocument();
  });
});

describe('Edit Band', () => {
  async function openEdit(routes: Record<string, Reply> = {}, bands?: ListedBand[]) {
    const view = openBands(routes, bands);
    await item('Zvezde Beograda');
    const dialog = await openDialog(view.user, 'Edit Zvezde Beograda', 'Edit Band');
    return { ...view, dialog };
  }

  it("opens 'Edit Band' filled with the band, and posts the changes to /api/admin/updateband/{id}", async () => {
    const bands = [{ ...ZVEZDE }, MAKOVI];
    const { user, server, dialog } = await openEdit(
      {
        [UPDATE]: (call) => {
          bands[0] = { ...bands[0], naziv: 'Zvezde Novog Sada' };
          return json(200, { success: true, message: 'Band updated', data: bands[0] })(call);
        },
      },
      bands,
    );
    expect(nameField(dialog)).toHaveValue('Zvezde Beograda');
    expect(emailField(dialog)).toHaveValue('info@zvezde.rs');
    // The band link's slug (issue 13), kept when the band is renamed so printed QR codes still work.
    expect(within(dialog).getByRole('textbox', { name: 'Band link' })).toHaveValue('zvezde-beograda');

    await user.clear(nameField(dialog));
    await enter(user, nameField(dialog), 'Zvezde Novog Sada');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('Band updated successfully!')).toBeInTheDocument();
    const [call] = server.callsTo(UPDATE);
    expect(call.url).toBe('/api/admin/updateband/2');
    expect(formFields(call.body)).toEqual([
      ['naziv', 'Zvezde Novog Sada'],
      ['email', 'info@zvezde.rs'],
      ['slug', 'zvezde-beograda'],
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit Band' })).not.toBeInTheDocument());
    expect(await item('Zvezde Novog Sada')).toHaveTextContent('2 users');
  });

  it("disables 'Save Changes' when the name is cleared", async () => {
    const { user, dialog } = await openEdit();
    await user.clear(nameField(dialog));
    expect(within(dialog).getByRole('button', { name: 'Save Changes' })).toBeDisabled();
  });

  it("on failure says 'Failed to update band' with the message and '(HTTP 422)'", async () => {
    quietErrors();
    const { user, dialog } = await openEdit({
      [UPDATE]: json(422, { message: 'The email must be a valid email address.' }),
    });
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    const alert = await within(dialog).findByText(/^Failed to update band/);
    expect(alert).toHaveTextContent('The email must be a valid email address.');
    expect(alert).toHaveTextContent('(HTTP 422)');
  });

  it("says 'Error updating band' when the server cannot be reached", async () => {
    quietErrors();
    const { user, dialog } = await openEdit({ [UPDATE]: offline });
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await within(dialog).findByText('Error updating band')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Edit Band' })).toBeInTheDocument();
  });
});

describe('Delete Band', () => {
  async function openDelete(routes: Record<string, Reply>, bands?: ListedBand[]) {
    const view = openBands(routes, bands);
    await item('Zvezde Beograda');
    const dialog = await openDialog(view.user, 'Delete Zvezde Beograda', 'Delete Band');
    return { ...view, dialog };
  }

  const OWNS = 'Zvezde Beograda still has 12 songs, 3 playlists and 1 gig.';

  it("shows the server's counts when the band still owns items, then deletes with ?cascade=1 on 'Delete band and all its data'", async () => {
    quietErrors();
    const bands = [ZVEZDE, MAKOVI];
    const { user, server, dialog } = await openDelete(
      {
        [DELETE]: (call) => {
          if (!call.url.endsWith('?cascade=1')) return json(409, { message: OWNS })(call);
          bands.splice(0, 1);
          return json(200, { success: true, message: 'Band deleted' })(call);
        },
      },
      bands,
    );
    expect(dialog).toHaveTextContent('Zvezde Beograda');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await within(dialog).findByText(new RegExp(OWNS))).toBeInTheDocument();
    const [first] = server.callsTo(DELETE);
    expect(first.method).toBe('DELETE');
    expect(first.url).toBe('/api/admin/deleteband/2');
    expect(screen.queryByText('Band deleted successfully!')).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Delete band and all its data' }));

    expect(await screen.findByText('Band deleted successfully!')).toBeInTheDocument();
    expect(server.callsTo(DELETE).map((call) => call.url)).toEqual([
      '/api/admin/deleteband/2',
      '/api/admin/deleteband/2?cascade=1',
    ]);
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Delete Band' })).not.toBeInTheDocument(),
    );
    await waitFor(() => expect(screen.queryByText('Zvezde Beograda')).not.toBeInTheDocument());
    expect(screen.getByText('Crveni Makovi')).toBeInTheDocument();
  });

  it('deletes a band that owns nothing at the first Delete', async () => {
    const bands = [ZVEZDE, MAKOVI];
    const { user, server, dialog } = await openDelete(
      {
        [DELETE]: (call) => {
          bands.splice(0, 1);
          return json(200, { success: true, message: 'Band deleted' })(call);
        },
      },
      bands,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Band deleted successfully!')).toBeInTheDocument();
    expect(server.callsTo(DELETE).map((call) => call.url)).toEqual(['/api/admin/deleteband/2']);
    await waitFor(() => expect(screen.queryByText('Zvezde Beograda')).not.toBeInTheDocument());
  });

  it('Cancel closes the dialog without deleting', async () => {
    const { user, server, dialog } = await openDelete({});
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Delete Band' })).not.toBeInTheDocument(),
    );
    expect(server.callsTo(DELETE)).toHaveLength(0);
  });

  it("on another failure says 'Failed to delete band' with the message and the status", async () => {
    quietErrors();
    const { user, dialog } = await openDelete({ [DELETE]: json(500, { message: 'Server Error' }) });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    const alert = await within(dialog).findByText(/^Failed to delete band/);
    expect(alert).toHaveTextContent('Server Error');
    expect(alert).toHaveTextContent('(HTTP 500)');
    expect(
      within(dialog).queryByRole('button', { name: 'Delete band and all its data' }),
    ).not.toBeInTheDocument();
  });

  it("says 'Error deleting band' when the server cannot be reached", async () => {
    quietErrors();
    const { user, dialog } = await openDelete({ [DELETE]: offline });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByText('Error deleting band')).toBeInTheDocument();
    expect(screen.queryByText('Band deleted successfully!')).not.toBeInTheDocument();
  });
});

describe('Manage Users of a band', () => {
  async function openMembers(routes: Record<string, Reply>) {
    const view = openBands(routes);
    await item('Zvezde Beograda');
    const dialog = await openDialog(view.user, 'Users of Zvezde Beograda', 'Manage Users: Zvezde Beograda');
    return { ...view, dialog };
  }

  it('lists the members of the band with their email and role', async () => {
    const { dialog, server } = await openMembers({ [MEMBERS]: json(200, { users: [JOVAN, MILA] }) });
    const jovan = (await within(dialog).findByText('Jovan Jovanović')).closest('li')!;
    expect(jovan).toHaveTextContent('jovan@zvezde.rs');
    expect(jovan).toHaveTextContent('Band Admin');
    const mila = within(dialog).getByText('Mila Gledalac').closest('li')!;
    expect(mila).toHaveTextContent('mila@zvezde.rs');
    expect(mila).toHaveTextContent('Viewer');
    expect(within(dialog).getByRole('button', { name: 'Remove Jovan Jovanović' })).toBeInTheDocument();
    expect(server.callsTo(MEMBERS)[0].url).toBe('/api/admin/band/2/users');
  });

  it("shows 'No users assigned to this band.' when it has none", async () => {
    const { dialog } = await openMembers({ [MEMBERS]: json(200, { users: [] }) });
    expect(await within(dialog).findByText('No users assigned to this band.')).toBeInTheDocument();
  });

  it("Remove posts remove-user, says 'User removed from band successfully!' and reloads the members and bands", async () => {
    const members = [JOVAN, MILA];
    const { user, server, dialog } = await openMembers({
      [MEMBERS]: (call) => json(200, { users: members })(call),
      [REMOVE]: (call) => {
        members.splice(0, 1);
        return json(200, { success: true, message: 'User removed' })(call);
      },
    });
    await user.click(await within(dialog).findByRole('button', { name: 'Remove Jovan Jovanović' }));

    expect(await screen.findByText('User removed from band successfully!')).toBeInTheDocument();
    const [call] = server.callsTo(REMOVE);
    expect(call.url).toBe('/api/admin/band/2/remove-user/5');
    expect(call.method).toBe('POST');
    await waitFor(() => expect(within(dialog).queryByText('Jovan Jovanović')).not.toBeInTheDocument());
    expect(within(dialog).getByText('Mila Gledalac')).toBeInTheDocument();
    expect(server.callsTo(MEMBERS)).toHaveLength(2);
    await waitFor(() => expect(server.callsTo(LIST)).toHaveLength(2));
  });

  it("says 'Failed to remove user' when the server refuses", async () => {
    quietErrors();
    const { user, dialog } = await openMembers({
      [MEMBERS]: json(200, { users: [JOVAN, MILA] }),
      [REMOVE]: json(404, { message: 'User is not in this band.' }),
    });
    await user.click(await within(dialog).findByRole('button', { name: 'Remove Jovan Jovanović' }));
    expect(await screen.findByText(/^Failed to remove user/)).toHaveTextContent('User is not in this band.');
    expect(within(dialog).getByText('Jovan Jovanović')).toBeInTheDocument();
    expect(screen.queryByText('User removed from band successfully!')).not.toBeInTheDocument();
  });

  it("says 'Error removing user from band' when the server cannot be reached", async () => {
    quietErrors();
    const { user, dialog } = await openMembers({
      [MEMBERS]: json(200, { users: [JOVAN] }),
      [REMOVE]: offline,
    });
    await user.click(await within(dialog).findByRole('button', { name: 'Remove Jovan Jovanović' }));
    expect(await screen.findByText('Error removing user from band')).toBeInTheDocument();
  });
});

describe('Former links (issue 23): released on purpose by a system admin', () => {
  const former = (slug: string, band_id: number | null, naziv: string): FormerBandSlug => ({
    slug,
    band_id,
    naziv,
    left_at: '2026-11-20T18:00:00.000Z',
  });
  /** Zvezde's two former slugs, one of Makovi and one of a deleted band, as the server lists them. */
  const kept = () => [
    former('zvezde', 2, 'Zvezde Beograda'),
    former('zvezde-bg', 2, 'Zvezde Beograda'),
    former('makovi', 3, 'Crveni Makovi'),
    former('stari-bend', null, 'Stari Bend'),
  ];
  const release = (slug: string) => `POST /api/admin/band-slugs/${slug}/release`;

  /** The band list with `slugs` kept (a release takes one out) and Edit Band of Zvezde open. */
  async function openEdit(slugs: FormerBandSlug[], routes: Record<string, Reply> = {}) {
    const view = openBands({
      [FORMER]: (call) => json(200, { data: slugs })(call),
      // Each slug's release takes it out of the list.
      ...Object.fromEntries(
        slugs.map(({ slug }) => [
          release(slug),
          (call: Parameters<Reply>[0]) => {
            slugs.splice(
              slugs.findIndex((row) => row.slug === slug),
              1,
            );
            return json(200, { success: true, message: 'Slug released successfully!' })(call);
          },
        ]),
      ),
      ...routes,
    });
    await item('Zvezde Beograda');
    const dialog = await openDialog(view.user, 'Edit Zvezde Beograda', 'Edit Band');
    return { ...view, dialog, links: () => within(dialog).findByRole('list', { name: 'Former links' }) };
  }

  it("Edit Band lists the band's own former links, and Release asks first, then releases the one", async () => {
    const slugs = kept();
    const { user, server, dialog, links } = await openEdit(slugs);
    const list = await links();
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['/r/zvezdeRelease', '/r/zvezde-bgRelease']);
    expect(dialog).toHaveTextContent(
      'Links this band used before. Their printed QR codes still lead to the band, and no other band may take them until you release one.',
    );

    await user.click(within(list).getByRole('button', { name: 'Release /r/zvezde' }));
    const confirm = await screen.findByRole('dialog', { name: 'Release /r/zvezde?' });
    expect(confirm).toHaveTextContent(
      'Another band may then take it, and the printed QR codes of Zvezde Beograda with this link will open that band’s gigs.',
    );
    expect(server.callsTo(release('zvezde'))).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Release' }));

    expect(await screen.findByText('Link released: another band may take it now.')).toBeInTheDocument();
    expect(server.callsTo(release('zvezde'))).toHaveLength(1);
    expect(server.callsTo(release('zvezde'))[0].url).toBe('/api/admin/band-slugs/zvezde/release');
    await waitFor(async () =>
      expect(
        within(await links())
          .getAllByRole('listitem')
          .map((li) => li.textContent),
      ).toEqual(['/r/zvezde-bgRelease']),
    );
    // The edit window stays open for the rest of its changes.
    expect(screen.getByRole('dialog', { name: 'Edit Band' })).toBeInTheDocument();
  });

  it('Cancel releases nothing', async () => {
    const { user, server, links } = await openEdit(kept());
    await user.click(within(await links()).getByRole('button', { name: 'Release /r/zvezde-bg' }));
    const confirm = await screen.findByRole('dialog', { name: 'Release /r/zvezde-bg?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Release /r/zvezde-bg?' })).not.toBeInTheDocument(),
    );
    expect(server.calls.filter((call) => call.method === 'POST')).toEqual([]);
    expect(within(await links()).getAllByRole('listitem')).toHaveLength(2);
  });

  it("a refusal shows the server's message and keeps the link", async () => {
    quietErrors();
    const { user, links } = await openEdit(kept(), {
      [release('zvezde')]: json(404, { message: 'No band used this slug before.' }),
    });
    await user.click(within(await links()).getByRole('button', { name: 'Release /r/zvezde' }));
    const confirm = await screen.findByRole('dialog', { name: 'Release /r/zvezde?' });
    await user.click(within(confirm).getByRole('button', { name: 'Release' }));
    expect(await screen.findByText('No band used this slug before.')).toBeInTheDocument();
    expect(within(await links()).getAllByRole('listitem')).toHaveLength(2);
  });

  it('a band without former links shows none, nor does Add New Band', async () => {
    const { user, dialog } = await openEdit([former('makovi', 3, 'Crveni Makovi')]);
    expect(within(dialog).getByRole('textbox', { name: 'Band link' })).toBeInTheDocument();
    await settle();
    expect(within(dialog).queryByText('Former links')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    const add = await openDialog(user, 'Add Band', 'Add New Band');
    await settle();
    expect(within(add).queryByText('Former links')).not.toBeInTheDocument();
  });

  it('the bands list shows the links of deleted bands, with their names, to release too', async () => {
    const slugs = kept();
    const { user, server } = openBands({
      [FORMER]: (call) => json(200, { data: slugs })(call),
      [release('stari-bend')]: (call) => {
        slugs.pop();
        return json(200, { success: true, message: 'Slug released successfully!' })(call);
      },
    });
    const list = await screen.findByRole('list', { name: 'Links of deleted bands' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['/r/stari-bendStari BendRelease']);
    expect(
      screen.getByText(
        'Printed QR codes of these links lead nowhere, and no band may take them until you release one.',
      ),
    ).toBeInTheDocument();
    await user.click(within(list).getByRole('button', { name: 'Release /r/stari-bend' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Release /r/stari-bend?' })).getByRole('button', {
        name: 'Release',
      }),
    );
    await waitFor(() =>
      expect(screen.queryByRole('list', { name: 'Links of deleted bands' })).not.toBeInTheDocument(),
    );
    expect(server.callsTo(release('stari-bend'))).toHaveLength(1);
  });

  it("a deleted band's links show among the deleted bands' once it is gone", async () => {
    const bands = [ZVEZDE, MAKOVI];
    const slugs: FormerBandSlug[] = [];
    const { user } = openBands(
      {
        [FORMER]: (call) => json(200, { data: slugs })(call),
        [DELETE]: (call) => {
          bands.splice(0, 1);
          slugs.push(former('zvezde-beograda', null, 'Zvezde Beograda'));
          return json(200, { success: true, message: 'Band deleted' })(call);
        },
      },
      bands,
    );
    await item('Zvezde Beograda');
    const dialog = await openDialog(user, 'Delete Zvezde Beograda', 'Delete Band');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    const list = await screen.findByRole('list', { name: 'Links of deleted bands' });
    expect(within(list).getByRole('button', { name: 'Release /r/zvezde-beograda' })).toBeInTheDocument();
  });

  it('in Serbian', async () => {
    openBands({ [FORMER]: json(200, { data: kept() }) }, [ZVEZDE, MAKOVI], 'sr');
    const list = await screen.findByRole('list', { name: 'Linkovi obrisanih bendova' });
    expect(within(list).getByRole('button', { name: 'Oslobodi /r/stari-bend' })).toHaveTextContent(
      'Oslobodi',
    );
  });
});

describe('Band Management for other roles', () => {
  it('signs the user out when the bands call answers 401', async () => {
    quietErrors();
    openBands({ [LIST]: json(401, { message: 'Unauthenticated.' }) });
    await waitFor(() => expect(currentLocation()).toBe('/admin/login'));
    expect(storedUser()).toBeNull();
  });

  it("shows a band admin 'You are not allowed to see this page' and makes no admin call", async () => {
    signIn(BAND_ADMIN);
    const server = fakeFetch({
      'GET /api/user': json(200, BAND_ADMIN),
      [LIST]: json(200, { data: [ZVEZDE] }),
    });
    renderScreen('/admin/bands');
    expect(await screen.findByText(/You are not allowed to see this page/)).toBeInTheDocument();
    await settle();
    expect(server.calls.filter((call) => call.url.startsWith('/api/admin/'))).toEqual([]);
    expect(screen.queryByRole('button', { name: 'Add Band' })).not.toBeInTheDocument();
  });
});

describe('Band Management in Serbian', () => {
  it("says everything in Serbian, with Serbian's plural forms of the member counts", async () => {
    const { user } = openBands({}, [ZVEZDE, MAKOVI, TALAS], 'sr');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Upravljanje bendovima' }),
    ).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Bendovi' });
    const band = async (naziv: string) => (await within(list).findByText(naziv)).closest('li')!;
    expect(await band('Zvezde Beograda')).toHaveTextContent('2 korisnika');
    expect(await band('Crveni Makovi')).toHaveTextContent('1 korisnik');
    expect(await band('Novi Talas')).toHaveTextContent('0 korisnika');
    expect(screen.getByRole('button', { name: 'Korisnici benda Novi Talas' })).toHaveTextContent('Korisnici');
    expect(screen.getByText('Osveži', { selector: 'button' })).toBeEnabled();

    const dialog = await openDialog(user, 'Obriši Zvezde Beograda', 'Brisanje benda');
    expect(dialog).toHaveTextContent(
      'Obrisati bend Zvezde Beograda? Njegova 2 korisnika ostaće bez benda. Ovo se ne može poništiti.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Otkaži' }));

    const add = await openDialog(user, 'Dodaj bend', 'Novi bend');
    expect(within(add).getByLabelText(/^Naziv benda/)).toHaveValue('');
    expect(within(add).getByLabelText(/^Email/)).toHaveAccessibleDescription('Nije obavezno.');
    expect(within(add).getByText('Slika nije izabrana')).toBeInTheDocument();
    expect(within(add).getByRole('button', { name: 'Dodaj bend' })).toBeDisabled();
  });
});
