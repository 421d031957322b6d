import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PageLanguage } from '../../src/client/i18n/PageLanguage';
import { SetPanel } from '../../src/client/live/band/SetPanel';
import { en as bandPageEn } from '../../src/client/live/band/messages';
import { type RunningItem, runningOrder, type SetSong, type Slot } from '../../src/shared/running-order';
import { chooseInPanel, englishOnPage } from './page-language';

/** Issue 27, point 3: the gig's set on the band page, with the requests slotted in. */
const song = (song_id: number, naziv: string, performer: string | null = null): SetSong => ({
  song_id,
  naziv,
  performer,
  tonalitet: null,
  trajanje: null,
  resource: null,
  resursi: null,
  chart: false,
});
const SET = [song(1, 'Đurđevdan', 'Bijelo Dugme'), song(2, 'Jugo 45'), song(3, 'Mesečina')];
const slot = (s: SetSong, after: number | null, played = false): Slot => ({ ...s, after, played });

function show(
  slots: Slot[],
  current: RunningItem | null,
  handlers: Partial<Parameters<typeof SetPanel>[0]> = {},
) {
  const props = { order: runningOrder(SET, slots), current, busy: false, onOpen: vi.fn(), ...handlers };
  render(
    <PageLanguage>
      <SetPanel {...props} />
    </PageLanguage>,
  );
  return props;
}

const rows = async () =>
  within(await screen.findByRole('list', { name: 'Tonight’s set' })).getAllByRole('listitem');
const texts = async () => (await rows()).map((row) => row.textContent);

beforeEach(() => localStorage.clear());

describe('the set panel', () => {
  it('lists the set in order with the slotted requests after their song, and marks the current one', async () => {
    const lepa = song(9, 'Lepa Brena');
    const ajde = song(8, 'Ajde Jano');
    show([slot(ajde, 1, true), slot(lepa, 1)], { kind: 'request', song_id: 8 });
    const items = await rows();
    expect(items.map((row) => within(row).getAllByText(/\S/)[1].textContent)).toEqual([
      'Đurđevdan',
      'Ajde Jano',
      'Lepa Brena',
      'Jugo 45',
      'Mesečina',
    ]);
    const current = items.filter((row) => row.getAttribute('aria-current') === 'true');
    expect(current).toEqual([items[1]]);
    expect(within(items[1]).getByText('Now')).toBeTruthy();
    expect(within(items[1]).getByText('Played')).toBeTruthy();
    expect(within(items[1]).getByText('Request')).toBeTruthy();
    expect(within(items[2]).queryByText('Played')).toBeNull();
    expect(within(items[2]).getByText('Request')).toBeTruthy();
    expect(within(items[0]).queryByText('Now')).toBeNull();
  });

  it('walks with Previous and Next, disabled at either end, and opens a song', async () => {
    const onStep = vi.fn();
    const { onOpen } = show([], { kind: 'set', song_id: 1 }, { onStep });
    const user = userEvent.setup();
    expect(screen.getByRole('button', { name: 'Previous' }).hasAttribute('disabled')).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(onStep).toHaveBeenCalledWith('next');
    await user.click(screen.getByRole('button', { name: 'Open Jugo 45 from the set' }));
    expect(onOpen).toHaveBeenCalledWith(expect.objectContaining({ kind: 'set', song_id: 2 }));
  });

  it('answers only a slotted request still waiting, and shows viewers no Previous, Next or answers', async () => {
    const onAnswer = vi.fn();
    show([slot(song(8, 'Ajde Jano'), 2), slot(song(7, 'Lutka'), 2, true)], null, {
      onAnswer,
      onStep: vi.fn(),
    });
    const user = userEvent.setup();
    expect(
      screen.getAllByRole('button', { name: /^Played / }).map((b) => b.getAttribute('aria-label')),
    ).toEqual(['Played Ajde Jano']);
    await user.click(screen.getByRole('button', { name: 'Played Ajde Jano' }));
    expect(onAnswer).toHaveBeenCalledWith(expect.objectContaining({ song_id: 8, kind: 'request' }), 'played');
    // With nothing current, Next goes to the first song and nothing is before.
    expect(screen.getByRole('button', { name: 'Previous' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Next' }).hasAttribute('disabled')).toBe(false);
  });

  it('gives a viewer the set to read and open, nothing to change', async () => {
    show([slot(song(8, 'Ajde Jano'), null)], { kind: 'set', song_id: 2 });
    expect((await texts())[0]).toContain('Ajde Jano');
    expect(screen.queryByRole('button', { name: 'Next' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Played/ })).toBeNull();
    expect(screen.getAllByRole('button', { name: /^Open / })).toHaveLength(4);
  });

  it('shows a gig without a playlist no list and nothing to walk', async () => {
    render(
      <PageLanguage>
        <SetPanel order={[]} current={null} busy={false} onOpen={vi.fn()} onStep={vi.fn()} />
      </PageLanguage>,
    );
    expect(await screen.findByRole('heading', { name: 'Tonight’s set' })).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Next' })).toBeNull();
  });

  it('speaks Serbian when Serbian is chosen', async () => {
    chooseInPanel('sr');
    show(
      [slot(song(8, 'Ajde Jano'), 1)],
      { kind: 'set', song_id: 1 },
      { onStep: vi.fn(), onAnswer: vi.fn() },
    );
    expect(await screen.findByRole('list', { name: 'Večerašnji spisak pesama' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sledeća' })).toBeTruthy();
    expect(screen.getByText('Sada')).toBeTruthy();
    expect(englishOnPage(bandPageEn)).toEqual([]);
  });
});
