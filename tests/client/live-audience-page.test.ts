/**
 * The audience page (issue 13, points 6, 8 and 9): it says when requests are paused instead of
 * inviting a tap, keeps "Up next" apart from the guest's own requests, tells the guest what became of
 * their song, and speaks Serbian (Latin) or English by the phone's language, with a switch.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { bootAudience, type Mine, SONGS } from './live-audience-fixtures';
import { changeEvent, entry } from './live-fixtures';

const ZAZMURI = entry(11, 'Zažmuri', 1, 'Bajaga');
const DJURDJEVDAN = entry(12, 'Đurđevdan', 2, 'Bijelo Dugme');
const mineWaiting = (id: number, song = ZAZMURI): Mine => ({
  id,
  song_id: song.song_id,
  naziv: song.naziv,
  status: 'waiting',
  created_at: '2026-12-31T20:05:00.000Z',
});

const section = (name: RegExp | string) => screen.getByRole('region', { name });

describe('the audience page while requests are paused', () => {
  it('says they are paused, offers no tap hint and disables the songs', async () => {
    const { live } = await bootAudience({ gig: { active: false } });
    await live([], 1, false);
    expect(screen.queryByText(/Tap a song/)).toBeNull();
    expect(
      within(section('Your requests')).getByText(
        'Requests are paused. You can ask for a song once the band opens them again.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('Requests are closed for this gig right now.')).toBeInTheDocument();
    for (const button of within(screen.getByRole('list', { name: 'Songs' })).getAllByRole('button'))
      expect(button).toBeDisabled();
  });

  it('invites a tap again once the band resumes', async () => {
    const { live } = await bootAudience({ gig: { active: false } });
    const socket = await live([], 1, false);
    socket.receive(changeEvent(2, { kind: 'resumed' }, true));
    expect(
      within(section('Your requests')).getByText('Tap a song below to ask the band for it.'),
    ).toBeVisible();
    expect(screen.queryByText(/Requests are paused/)).toBeNull();
  });
});

describe('"Up next" and the guest’s own requests', () => {
  it('lists the head of the queue in its own section, and only the guest’s requests under "Your requests"', async () => {
    const { live } = await bootAudience({ mine: [mineWaiting(5, DJURDJEVDAN)] });
    await live([ZAZMURI, DJURDJEVDAN]);
    const next = section('Up next');
    expect(
      within(next)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Zažmuri · Bajaga', 'Đurđevdan · Bijelo Dugme ×2']);
    const mine = section('Your requests');
    expect(
      within(mine)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['ĐurđevdanWaiting']);
    expect(within(mine).queryByText('Zažmuri')).toBeNull();
  });

  it('says the queue is empty in "Up next" while the guest still sees the tap hint', async () => {
    const { live } = await bootAudience();
    await live([]);
    expect(within(section('Up next')).getByText('Nothing in the queue yet.')).toBeVisible();
    expect(
      within(section('Your requests')).getByText('Tap a song below to ask the band for it.'),
    ).toBeVisible();
  });
});

describe('telling the guest what became of their song', () => {
  it('says prominently, and vibrates, when the guest’s song reaches the head of the queue', async () => {
    const { live, vibrate } = await bootAudience({ mine: [mineWaiting(7)] });
    const socket = await live([DJURDJEVDAN, ZAZMURI]);
    expect(screen.queryByText(/is up next/)).toBeNull();
    expect(vibrate).not.toHaveBeenCalled();

    socket.receive(changeEvent(2, { kind: 'played', song_id: 12, request_ids: [50, 51] }));
    const spotlight = screen.getByText('Your song “Zažmuri” is up next!');
    expect(spotlight.closest('[aria-live="assertive"]')).not.toBeNull();
    expect(vibrate).toHaveBeenCalledTimes(1);
  });

  it('says when the band plays it (and vibrates), and the request reads Played', async () => {
    const { live, vibrate } = await bootAudience({ mine: [mineWaiting(7)] });
    const socket = await live([ZAZMURI]);
    vibrate.mockClear();
    socket.receive(changeEvent(2, { kind: 'played', song_id: 11, request_ids: [7] }));
    expect(screen.getByText('The band is playing your song “Zažmuri”!')).toBeVisible();
    expect(within(section('Your requests')).getByText('Played')).toBeVisible();
    expect(screen.queryByText(/is up next/)).toBeNull();
    expect(vibrate).toHaveBeenCalledTimes(1);
  });

  it('says plainly when the band declines it', async () => {
    const { live, vibrate } = await bootAudience({ mine: [mineWaiting(7)] });
    const socket = await live([DJURDJEVDAN, ZAZMURI]);
    socket.receive(changeEvent(2, { kind: 'declined', song_id: 11, request_ids: [7] }));
    expect(screen.getByText('The band declined “Zažmuri”. You can ask for another song.')).toBeVisible();
    expect(within(section('Your requests')).getByText('Declined')).toBeVisible();
    expect(vibrate).not.toHaveBeenCalled();
  });

  it('says nothing about other guests’ songs', async () => {
    const { live } = await bootAudience({ mine: [] });
    const socket = await live([ZAZMURI]);
    socket.receive(changeEvent(2, { kind: 'played', song_id: 11, request_ids: [7] }));
    expect(screen.queryByText(/your song/i)).toBeNull();
  });
});

describe('the guest’s language', () => {
  it('speaks Serbian (Latin) on a phone set to Serbian, with the date’s day and month', async () => {
    const { live } = await bootAudience({ languages: ['sr-RS', 'sr'], gig: { pocetak: '2026-12-31T20:00' } });
    await live([ZAZMURI]);
    expect(document.documentElement.lang).toBe('sr-Latn');
    expect(screen.getByText('Skadarlija, Beograd · četvrtak, 31. decembar · 20:00')).toBeVisible();
    expect(section('Sledeće na redu')).toBeVisible();
    expect(
      within(section('Vaši zahtevi')).getByText('Dodirnite pesmu ispod da je zatražite od benda.'),
    ).toBeVisible();
    expect(screen.getByLabelText('Pronađite pesmu')).toBeVisible();
    expect(screen.getByRole('button', { name: /Zažmuri.*U redu · 1/ })).toBeVisible();
  });

  it('speaks English elsewhere, the time in the phone’s usual form', async () => {
    await bootAudience({ languages: ['en-US'], gig: { pocetak: '2026-12-31T20:00' } });
    expect(document.documentElement.lang).toBe('en');
    expect(screen.getByText('Skadarlija, Beograd · Thursday, December 31 · 8:00 PM')).toBeVisible();
  });

  it('switches language with one tap and remembers the choice', async () => {
    const user = userEvent.setup();
    await bootAudience({ languages: ['en-GB'] });
    const switches = screen.getByRole('group', { name: 'Language' });
    expect(within(switches).getByRole('button', { name: 'English' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(within(switches).getByRole('button', { name: 'Srpski' }));
    expect(document.documentElement.lang).toBe('sr-Latn');
    expect(screen.getByRole('heading', { name: 'Vaši zahtevi' })).toBeVisible();
    expect(localStorage.getItem('encore-lang')).toBe('sr');
    expect(screen.getByRole('button', { name: 'Srpski' })).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Srpski' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'Српски' }));
    expect(document.documentElement.lang).toBe('sr-Cyrl');
    expect(screen.getByRole('heading', { name: 'Ваши захтеви' })).toBeVisible();
    expect(screen.getByRole('group', { name: 'Језик' })).toBeVisible();
    expect(localStorage.getItem('encore-lang')).toBe('sr-Cyrl');
    await user.click(screen.getByRole('button', { name: 'English' }));
    expect(screen.getByRole('heading', { name: 'Your requests' })).toBeVisible();
    expect(localStorage.getItem('encore-lang')).toBe('en');
  });

  it('words a refusal in Serbian from its reason and numbers', async () => {
    const user = userEvent.setup();
    const { live } = await bootAudience({
      languages: ['sr-Latn-RS'],
      answer: () => ({
        status: 409,
        body: {
          reason: 'too_soon',
          message: '“Zažmuri” was requested recently. It can be requested again in 3 minutes.',
          retry_at: '2026-12-31T20:10:00.000Z',
          wait_seconds: 150,
        },
      }),
    });
    await live([]);
    await user.click(screen.getByRole('button', { name: /Zažmuri/ }));
    expect(await screen.findByText('„Zažmuri“ je nedavno tražena. Može ponovo za 3 minuta.')).toBeVisible();
  });

  it('words a refusal without a reason in Serbian by its code: a gig that ended is not a missing song', async () => {
    const user = userEvent.setup();
    const { live } = await bootAudience({
      languages: ['sr-Latn-RS'],
      answer: () => ({
        status: 404,
        body: {
          code: 'no_gig_here',
          message: 'There is no gig at this address. Check the link or scan the code again.',
        },
      }),
    });
    await live([]);
    await user.click(screen.getByRole('button', { name: /Zažmuri/ }));
    expect(
      await screen.findByText('Na ovoj adresi nema svirke. Proverite link ili ponovo skenirajte kod.'),
    ).toBeVisible();
  });

  it('words the refusal of one network’s extra "me too" in Serbian', async () => {
    const user = userEvent.setup();
    const { live } = await bootAudience({
      languages: ['sr-Latn-RS'],
      answer: () => ({
        status: 429,
        body: {
          reason: 'network_has_asked',
          message:
            '“Zažmuri” already has 3 requests from your network, as many as one network may add. It is waiting in the queue.',
        },
      }),
    });
    await live([]);
    await user.click(screen.getByRole('button', { name: /Zažmuri/ }));
    expect(
      await screen.findByText(
        '„Zažmuri“ već ima 3 zahteva sa vaše mreže, koliko jedna mreža može da doda. Pesma čeka u redu.',
      ),
    ).toBeVisible();
  });

  it('words the answer to a tap again when the language changes', async () => {
    const user = userEvent.setup();
    const { live } = await bootAudience({ languages: ['en'] });
    await live([]);
    await user.click(screen.getByRole('button', { name: /Đurđevdan/ }));
    expect(await screen.findByText('You asked for “Đurđevdan”.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Srpski' }));
    expect(screen.getByText('Zatražili ste „Đurđevdan“.')).toBeVisible();
    // In Cyrillic the sentence changes script; the song keeps the name the band gave it.
    await user.click(screen.getByRole('button', { name: 'Српски' }));
    expect(screen.getByText('Затражили сте „Đurđevdan“.')).toBeVisible();
  });
});

describe('a message with the request (issue 13, point 5)', () => {
  it('offers no message field when the gig does not take messages', async () => {
    await bootAudience();
    expect(screen.getByLabelText('Message to the band (optional)')).not.toBeVisible();
  });

  it('sends the message with the next request and clears the field', async () => {
    const { posted } = await bootAudience({ gig: { allow_messages: true } });
    const user = userEvent.setup();
    const field = screen.getByLabelText('Message to the band (optional)');
    expect(screen.getByText('Sent with your next request; only the band sees it. No links.')).toBeVisible();
    await user.type(field, 'Za mladence!');
    await user.click(screen.getByRole('button', { name: /Zažmuri/ }));
    await screen.findByText('You asked for “Zažmuri”.');
    expect(posted).toEqual([{ song_id: 11, message: 'Za mladence!' }]);
    expect(field).toHaveValue('');
  });

  it('says what is wrong with a link before sending, in the guest’s language, and sends nothing', async () => {
    const { posted } = await bootAudience({ gig: { allow_messages: true }, languages: ['sr-RS'] });
    const user = userEvent.setup();
    const field = screen.getByLabelText('Poruka bendu (nije obavezna)');
    await user.type(field, 'www.primer.rs');
    expect(screen.getAllByText('Poruka ne sme sadržati linkove.').length).toBeGreaterThan(0);
    await user.click(screen.getByRole('button', { name: /Zažmuri/ }));
    expect(posted).toEqual([]);
    expect(field).toHaveValue('www.primer.rs');
  });

  it('warns of a link written around its dot, and sends a Cyrillic message', async () => {
    const { posted } = await bootAudience({ gig: { allow_messages: true } });
    const user = userEvent.setup();
    const field = screen.getByLabelText('Message to the band (optional)');
    // user-event reads "[[" as a typed "[".
    await user.type(field, 'example[[.]shop');
    expect(screen.getAllByText('The message may not contain links.').length).toBeGreaterThan(0);
    await user.clear(field);
    await user.type(field, 'Хвала, пустите Бајагу!');
    expect(screen.getByText('Sent with your next request; only the band sees it. No links.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: /Zažmuri/ }));
    await screen.findByText('You asked for “Zažmuri”.');
    expect(posted).toEqual([{ song_id: 11, message: 'Хвала, пустите Бајагу!' }]);
  });
});

describe('the song search (issue 26, point 3)', () => {
  it('finds Đ typed as "dj", as "d" or both ways in one word, and a two-letter "dj" only where one is', async () => {
    const user = userEvent.setup();
    const { live } = await bootAudience({
      languages: ['en'],
      songs: [...SONGS, { id: 14, naziv: 'Ringišpil', performer: 'Đorđe Balašević' }],
    });
    await live([]);
    const box = screen.getByRole('searchbox');
    const shown = async (q: string) => {
      await user.clear(box);
      await user.type(box, q);
      return within(screen.getByRole('list', { name: 'Songs' }))
        .queryAllByRole('button')
        .map((button) => button.querySelector('.title')!.textContent);
    };
    for (const q of ['durdevdan', 'djurdjevdan', 'durdjevdan', 'ĐURĐEV'])
      expect(await shown(q), q).toEqual(['Đurđevdan']);
    for (const q of ['dordje', 'dorde', 'djordje', 'đorđe']) expect(await shown(q), q).toEqual(['Ringišpil']);
    expect(await shown('dj')).toEqual(['Đurđevdan', 'Ringišpil']);
    expect(await shown('do')).toEqual(['Ringišpil']);
  });
});
