import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PERFORMER_OPTIONS, formFields, params, performerRoutes, song, stubObjectUrls } from './catalog';
import {
  BAND_ADMIN,
  currentLocation,
  fakeFetch,
  json,
  navigationType,
  pending,
  renderScreen,
  signIn,
  type Reply,
} from './helpers';

const ADD = 'POST /api/admin/addsong';
const objectUrls = stubObjectUrls();

/** A band admin on /admin/addsong (with toasts) against a server answering the add with `onAdd`. */
async function openAddSong(onAdd: Reply = json(201, { id: 12 })) {
  signIn(BAND_ADMIN);
  const server = fakeFetch({
    'GET /api/user': json(200, BAND_ADMIN),
    ...performerRoutes(),
    [ADD]: onAdd,
    'GET /api/admin/song/12': json(200, song({ id: 12, naziv: 'Ćevapi kod Žike', idizvodjaca: 4 })),
  });
  const view = renderScreen('/admin/addsong');
  await screen.findByRole('heading', { level: 1, name: 'Add song' });
  return { ...view, server };
}

type User = Awaited<ReturnType<typeof openAddSong>>['user'];

const titleField = () => screen.getByRole('textbox', { name: 'Title' });
const performerField = () => screen.getByRole('combobox', { name: 'Performer' });

async function choosePerformer(user: User, naziv: string) {
  await user.click(performerField());
  await user.click(await screen.findByRole('option', { name: naziv }));
}

describe('Add song', () => {
  it("has Title, Performer, Picture, 'Visible public' (unchecked) and 'Add Song'", async () => {
    await openAddSong();
    expect(titleField()).toHaveValue('');
    expect(performerField()).toBeInTheDocument();
    expect(screen.getByLabelText('Picture')).toHaveAttribute('type', 'file');
    expect(screen.getByRole('checkbox', { name: 'Visible public' })).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Add Song' })).toBeInTheDocument();
  });

  it('offers every performer a song may name (GET /api/admin/performers?os=1) and searches as the user types', async () => {
    const { user, server } = await openAddSong();
    await user.click(performerField());
    const listbox = await screen.findByRole('listbox');
    const options = within(listbox)
      .getAllByRole('option')
      .map((option) => option.textContent)
      .filter((text) => PERFORMER_OPTIONS.some((p) => p.naziv === text));
    expect(options).toEqual(PERFORMER_OPTIONS.map((p) => p.naziv));
    expect(params(server.callsTo('GET /api/admin/performers')[0]).get('os')).toBe('1');
    await user.type(performerField(), 'rib');
    await waitFor(() =>
      expect(
        server.callsTo('GET /api/admin/performers').some((call) => params(call).get('q') === 'rib'),
      ).toBe(true),
    );
    await waitFor(() =>
      expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Riblja Čorba']),
    );
  });

  it('previews the chosen picture before upload', async () => {
    const { user } = await openAddSong();
    expect(screen.queryByRole('img', { name: 'Picture preview' })).not.toBeInTheDocument();
    const file = new File(['png'], 'cover.png', { type: 'image/png' });
    await user.upload(screen.getByLabelText('Picture'), file);
    expect(await screen.findByRole('img', { name: 'Picture preview' })).toHaveAttribute(
      'src',
      'blob:preview/cover.png',
    );
    expect(objectUrls.created).toHaveBeenCalledWith(file);
    expect(screen.getByText('cover.png')).toBeInTheDocument();
  });

  it("POSTs the song as multipart, shows 'Adding song, please wait...' then 'Song has been added', and replaces history with /admin/song/{id}", async () => {
    const answer = pending();
    const { user, server } = await openAddSong(answer.reply);
    await user.type(titleField(), 'Ćevapi kod Žike');
    await choosePerformer(user, 'Riblja Čorba');
    await user.upload(
      screen.getByLabelText('Picture'),
      new File(['png'], 'cover.png', { type: 'image/png' }),
    );
    await user.click(screen.getByRole('checkbox', { name: 'Visible public' }));
    await user.click(screen.getByRole('button', { name: 'Add Song' }));

    expect(await screen.findByText('Adding song, please wait...')).toBeInTheDocument();
    const [add] = server.callsTo(ADD);
    expect(add.url).toBe('/api/admin/addsong');
    expect(new Map(formFields(add.body))).toEqual(
      new Map([
        ['title', 'Ćevapi kod Žike'],
        ['performer', '4'],
        ['visible', '1'],
        ['picture', 'file cover.png'],
      ]),
    );
    expect(currentLocation()).toBe('/admin/addsong');

    answer.release(new Response(JSON.stringify({ id: 12 }), { status: 201 }));
    expect(await screen.findByText('Song has been added')).toBeInTheDocument();
    await waitFor(() => expect(currentLocation()).toBe('/admin/song/12'));
    expect(navigationType()).toBe('REPLACE');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Edit: Ćevapi kod Žike' }),
    ).toBeInTheDocument();
  });

  it("sends visible '0' when 'Visible public' is left unchecked", async () => {
    const { user, server } = await openAddSong();
    await user.type(titleField(), 'Ćevapi kod Žike');
    await choosePerformer(user, 'Bijelo Dugme');
    await user.click(screen.getByRole('button', { name: 'Add Song' }));
    await waitFor(() => expect(server.callsTo(ADD)).toHaveLength(1));
    const sent = new Map(formFields(server.callsTo(ADD)[0].body));
    expect(sent.get('visible')).toBe('0');
    expect(sent.get('performer')).toBe('3');
    expect(sent.has('picture')).toBe(false);
  });
});
