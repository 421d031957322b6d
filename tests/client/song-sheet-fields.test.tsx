import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Song } from '../../src/client/songs/types';
import { DJURDJEVDAN, performerRoutes, formFields, song } from './catalog';
import { BAND_ADMIN, fakeFetch, json, renderScreen, signIn } from './helpers';

/** Issue 27, point 1: the song form's key, tempo, duration and chord chart with its preview. */
const UPDATE = 'POST /api/admin/song/5/update';
const CHART = '{title: Đurđevdan}\n{key: G}\n{start_of_chorus}\n[G]Proljeće na [D]moje rame\n{end_of_chorus}';

async function openEditSong(found: Song) {
  signIn(BAND_ADMIN);
  const server = fakeFetch({
    'GET /api/user': json(200, BAND_ADMIN),
    ...performerRoutes(),
    [`GET /api/admin/song/${found.id}`]: json(200, found),
    [UPDATE]: json(200, found),
  });
  const view = renderScreen(`/admin/song/${found.id}`);
  await screen.findByRole('heading', { level: 1, name: `Edit: ${found.naziv}` });
  return { ...view, server };
}

const field = (name: string) => screen.getByRole('textbox', { name });

describe('the song form’s key, tempo, duration and chart', () => {
  it('shows them after the spec’s fields, the duration as m:ss, and the chart previewed beside', async () => {
    await openEditSong(song({ ...DJURDJEVDAN, tonalitet: 'G', tempo: 96, trajanje: 245, akordi: CHART }));
    expect(field('Key')).toHaveValue('G');
    expect(field('Tempo (BPM)')).toHaveValue('96');
    expect(field('Duration')).toHaveValue('4:05');
    expect(field('Chord chart (ChordPro)')).toHaveValue(CHART);
    const preview = await screen.findByRole('region', { name: 'Chart preview' });
    const chorus = await within(preview).findByRole('region', { name: 'Chorus' });
    // Each chord over the syllable it is played on.
    expect(within(chorus).getByText('G').nextSibling).toHaveTextContent('Proljeće');
    expect(within(chorus).getByText('D').nextSibling).toHaveTextContent('moje');
    expect(within(preview).getByText('Key: G')).toBeInTheDocument();
    // The spec's fields keep their order: the new ones come after them.
    const fields = screen.getAllByRole('textbox').map((box) => box.getAttribute('name'));
    expect(fields).toEqual(['naziv', 'resursi', 'tonalitet', 'tempo', 'trajanje', 'akordi']);
  });

  it('sends them as multipart fields, a cleared one empty', async () => {
    const { user, server } = await openEditSong(song({ ...DJURDJEVDAN, tonalitet: 'G', tempo: 96 }));
    await user.clear(field('Key'));
    await user.type(field('Key'), 'F#m');
    await user.clear(field('Tempo (BPM)'));
    await user.type(field('Duration'), '3:45');
    fireEvent.change(field('Chord chart (ChordPro)'), { target: { value: '[Am]La' } });
    await user.click(screen.getByRole('button', { name: 'Update Song' }));
    await waitFor(() => expect(server.callsTo(UPDATE)).toHaveLength(1));
    const sent = new Map(formFields(server.callsTo(UPDATE)[0].body));
    expect(sent.get('tonalitet')).toBe('F#m');
    expect(sent.get('tempo')).toBe('');
    expect(sent.get('trajanje')).toBe('3:45');
    expect(sent.get('akordi')).toBe('[Am]La');
  });

  it('says what a key, tempo and duration must be before sending', async () => {
    const { user, server } = await openEditSong(DJURDJEVDAN);
    await user.type(field('Key'), 'H');
    await user.type(field('Tempo (BPM)'), '500');
    await user.type(field('Duration'), '3:99');
    await user.click(screen.getByRole('button', { name: 'Update Song' }));
    expect(await screen.findByText(/A note from A to G/)).toBeInTheDocument();
    expect(screen.getByText('A whole number of beats per minute from 20 to 400')).toBeInTheDocument();
    expect(screen.getByText(/Minutes and seconds \(as 3:45\) or seconds/)).toBeInTheDocument();
    expect(server.callsTo(UPDATE)).toHaveLength(0);
  });

  it('reads a ChordPro file into the chart field', async () => {
    const { user } = await openEditSong(DJURDJEVDAN);
    const file = new File(['{title: X}\n[C]Do re mi'], 'x.cho', { type: '' });
    await user.upload(screen.getByLabelText('Load a ChordPro file'), file);
    await waitFor(() => expect(field('Chord chart (ChordPro)')).toHaveValue('{title: X}\n[C]Do re mi'));
    const preview = screen.getByRole('region', { name: 'Chart preview' });
    expect((await within(preview).findByText('C')).nextSibling).toHaveTextContent('Do');
  });

  it('says where a chart that is no ChordPro could not be read, and shows it as written', async () => {
    await openEditSong(song({ ...DJURDJEVDAN, akordi: 'La {{{ la' }));
    const preview = await screen.findByRole('region', { name: 'Chart preview' });
    expect(await within(preview).findByText(/could not be read at line 1, column/)).toBeInTheDocument();
    expect(within(preview).getByText('La {{{ la')).toBeInTheDocument();
  });
});
