import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Song } from '../../src/client/songs/types';
import { DJURDJEVDAN, performerRoutes, formFields, song } from './catalog';
import { BAND_ADMIN, fakeFetch, json, pending, renderScreen, signIn, type Reply } from './helpers';

const UPDATE = 'POST /api/admin/song/5/update';

/** A band admin on /admin/song/5 (with toasts) against a server answering GET with `found`. */
async function openEditSong(found: Song, onUpdate: Reply = json(200, found)) {
  signIn(BAND_ADMIN);
  const server = fakeFetch({
    'GET /api/user': json(200, BAND_ADMIN),
    ...performerRoutes(),
    [`GET /api/admin/song/${found.id}`]: json(200, found),
    [UPDATE]: onUpdate,
  });
  const view = renderScreen(`/admin/song/${found.id}`);
  await screen.findByRole('heading', { level: 1, name: `Edit: ${found.naziv}` });
  return { ...view, server };
}

const titleField = () => screen.getByRole('textbox', { name: 'Title' });
const previewFrame = () => screen.getByRole('region', { name: 'Resource' });

describe('Edit song', () => {
  it("shows 'Edit: {title}' with the song's fields filled in", async () => {
    await openEditSong(
      song({
        ...DJURDJEVDAN,
        idizvodjaca: 4,
        nazivizvodjaca: 'Riblja Čorba',
        visibility: true,
        resursi: 'https://example.com/akordi',
      }),
    );
    expect(titleField()).toHaveValue('Đurđevdan');
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Performer' })).toHaveValue('Riblja Čorba'),
    );
    expect(screen.getByRole('checkbox', { name: 'Visible public' })).toBeChecked();
    expect(screen.getByRole('textbox', { name: 'Resource link' })).toHaveValue('https://example.com/akordi');
    expect(screen.getByLabelText('Picture')).toHaveAttribute('type', 'file');
    expect(screen.getByLabelText('Resource file')).toHaveAttribute('type', 'file');
    expect(screen.getByRole('button', { name: 'Update Song' })).toBeEnabled();
  });

  it('leaves a private song\'s "Visible public" unchecked', async () => {
    await openEditSong(song({ ...DJURDJEVDAN, visibility: false }));
    expect(screen.getByRole('checkbox', { name: 'Visible public' })).not.toBeChecked();
  });

  it("'Update Song' POSTs multipart to /api/admin/song/{id}/update with 'Updating song, please wait...' then 'Song has been updated'", async () => {
    const answer = pending();
    const { user, server } = await openEditSong(DJURDJEVDAN, answer.reply);
    await user.clear(titleField());
    await user.type(titleField(), 'Đurđevdan je');
    await user.click(screen.getByRole('checkbox', { name: 'Visible public' }));
    await user.type(screen.getByRole('textbox', { name: 'Resource link' }), 'https://example.com/tekst');
    await user.click(screen.getByRole('button', { name: 'Update Song' }));

    expect(await screen.findByText('Updating song, please wait...')).toBeInTheDocument();
    const [update] = server.callsTo(UPDATE);
    expect(update.url).toBe('/api/admin/song/5/update');
    const sent = new Map(formFields(update.body));
    expect(sent.get('title')).toBe('Đurđevdan je');
    expect(sent.get('performer')).toBe('3');
    expect(sent.get('visible')).toBe('1');
    expect(sent.get('resursi')).toBe('https://example.com/tekst');

    answer.release(
      new Response(JSON.stringify({ ...DJURDJEVDAN, naziv: 'Đurđevdan je', visibility: true }), {
        status: 200,
      }),
    );
    expect(await screen.findByText('Song has been updated')).toBeInTheDocument();
    expect(screen.queryByText('Updating song, please wait...')).not.toBeInTheDocument();
  });

  it('sends a chosen resource file as the multipart field resource', async () => {
    const { user, server } = await openEditSong(DJURDJEVDAN);
    await user.upload(
      screen.getByLabelText('Resource file'),
      new File(['%PDF-1.4'], 'akordi.pdf', { type: 'application/pdf' }),
    );
    await user.click(screen.getByRole('button', { name: 'Update Song' }));
    await waitFor(() => expect(server.callsTo(UPDATE)).toHaveLength(1));
    expect(new Map(formFields(server.callsTo(UPDATE)[0].body)).get('resource')).toBe('file akordi.pdf');
  });

  it("previews a PDF resource in an iframe titled 'Resource preview'", async () => {
    await openEditSong(song({ ...DJURDJEVDAN, resource: '/uploads/resources/akordi.pdf' }));
    expect(within(previewFrame()).getByTitle('Resource preview')).toHaveAttribute(
      'src',
      '/uploads/resources/akordi.pdf',
    );
  });

  it('plays an .mp3 resource in an audio player', async () => {
    await openEditSong(song({ ...DJURDJEVDAN, resource: '/uploads/resources/proba.mp3' }));
    const audio = previewFrame().querySelector('audio');
    expect(audio).toHaveAttribute('src', '/uploads/resources/proba.mp3');
    expect(audio).toHaveAttribute('controls');
    expect(within(previewFrame()).queryByTitle('Resource preview')).not.toBeInTheDocument();
  });

  it("shows a .png resource as an image 'Resource'", async () => {
    await openEditSong(song({ ...DJURDJEVDAN, resource: '/uploads/resources/note.png' }));
    expect(within(previewFrame()).getByRole('img', { name: 'Resource' })).toHaveAttribute(
      'src',
      '/uploads/resources/note.png',
    );
    expect(within(previewFrame()).queryByTitle('Resource preview')).not.toBeInTheDocument();
  });

  it("offers 'Open resource link' when the song has only a link", async () => {
    await openEditSong(song({ ...DJURDJEVDAN, resursi: 'https://example.com/akordi' }));
    expect(within(previewFrame()).getByRole('link', { name: 'Open resource link' })).toHaveAttribute(
      'href',
      'https://example.com/akordi',
    );
    expect(within(previewFrame()).queryByTitle('Resource preview')).not.toBeInTheDocument();
    expect(previewFrame().querySelector('audio, img')).toBeNull();
  });

  it("shows the read-only notice on another band's song", async () => {
    await openEditSong(song({ ...DJURDJEVDAN, owned: false, visibility: true }));
    expect(screen.getByRole('alert')).toHaveTextContent(/another band/i);
  });

  it("disables 'Update Song' on another band's song", async () => {
    await openEditSong(song({ ...DJURDJEVDAN, owned: false, visibility: true }));
    expect(screen.getByRole('button', { name: 'Update Song' })).toBeDisabled();
  });

  it("shows another band's song's performer, even one the picker would not offer (a private performer)", async () => {
    const { server } = await openEditSong(
      song({
        ...DJURDJEVDAN,
        owned: false,
        visibility: true,
        idizvodjaca: 77,
        nazivizvodjaca: 'Tajni izvođač',
      }),
    );
    expect(screen.getByRole('textbox', { name: 'Performer' })).toHaveValue('Tajni izvođač');
    expect(server.callsTo('GET /api/admin/performer/77')).toHaveLength(0);
  });

  it('shows no read-only notice on an owned song', async () => {
    await openEditSong(DJURDJEVDAN);
    expect(screen.queryByText(/another band/i)).not.toBeInTheDocument();
  });

  it('Ctrl+S saves from anywhere on the screen, instead of the browser saving the page (issue 26)', async () => {
    const { user, server } = await openEditSong(DJURDJEVDAN);
    const update = screen.getByRole('button', { name: 'Update Song' });
    expect(update).toHaveAttribute('aria-keyshortcuts', 'Control+S');
    expect(update).toHaveAccessibleDescription('Shortcut: Ctrl+S');
    await user.clear(titleField());
    await user.type(titleField(), 'Đurđevdan je');
    // The browser's own Ctrl+S (Save Page) is prevented: fireEvent says false.
    expect(fireEvent.keyDown(titleField(), { key: 's', ctrlKey: true })).toBe(false);
    expect(await screen.findByText('Song has been updated')).toBeInTheDocument();
    const [sent] = server.callsTo(UPDATE);
    expect(new Map(formFields(sent.body)).get('title')).toBe('Đurđevdan je');
  });

  it("Ctrl+S does not save another band's song (its Update is disabled)", async () => {
    const { server } = await openEditSong(song({ ...DJURDJEVDAN, owned: false, visibility: true }));
    const form = screen.getByRole('button', { name: 'Update Song' }).closest('form')!;
    let submitted = 0;
    form.addEventListener('submit', () => (submitted += 1));
    expect(fireEvent.keyDown(document.body, { key: 's', ctrlKey: true })).toBe(false);
    // A submit is dispatched at once when a save starts: none came.
    expect(submitted).toBe(0);
    expect(server.callsTo(UPDATE)).toHaveLength(0);
  });
});
