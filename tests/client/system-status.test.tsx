import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18nProvider } from '../../src/client/i18n';
import {
  BAND_ADMIN,
  currentLocation,
  fakeFetch,
  json,
  renderScreen,
  settle,
  signIn,
  SYSTEM_ADMIN,
  type Reply,
} from './helpers';

const CHECKED = '2025-05-01T10:00:00.000Z';

const STATUS = {
  status: {
    websocket: { status: 'healthy', message: 'Listening on 127.0.0.1:3001', lastCheck: CHECKED },
    database: { status: 'warning', message: 'Slow answers (850 ms)', lastCheck: CHECKED },
    redis: { status: 'error', message: 'Connection refused', lastCheck: CHECKED },
    messageQueue: { status: 'unknown', message: 'Not configured', lastCheck: CHECKED },
  },
  websocket_stats: {
    connections: 12,
    peak_connections: 40,
    messages_in: 1234,
    uptime_seconds: 3725,
    state: 'running',
    listening: '127.0.0.1:3001 and /ws',
  },
};

/** What a later check answers: the live server is back. */
const RECOVERED = {
  ...STATUS,
  status: { ...STATUS.status, redis: { status: 'healthy', message: 'PONG', lastCheck: CHECKED } },
};

const networkDown: Reply = () => {
  throw new TypeError('Failed to fetch');
};

/** Answers the first status check with STATUS, every later one with `later` (RECOVERED by default). */
/** The server's TIME_ZONE, on the signed-in user: times are shown in it, not in UTC. */
const IN_BELGRADE = { ...SYSTEM_ADMIN, time_zone: 'Europe/Belgrade' };

function open(routes: Record<string, Reply> = {}, later: Reply = json(200, RECOVERED)) {
  signIn(IN_BELGRADE);
  let checks = 0;
  const server = fakeFetch({
    'GET /api/user': json(200, IN_BELGRADE),
    'GET /api/admin/system-status': (call) => (++checks === 1 ? json(200, STATUS)(call) : later(call)),
    ...routes,
  });
  const view = renderScreen('/admin/status');
  const checksMade = () => server.callsTo('GET /api/admin/system-status').length;
  return { ...view, server, checksMade };
}

/** The toasts on screen (App's ToastContainer). */
const toasts = () => document.querySelector('.Toastify');
const card = (title: string) => screen.getByRole('region', { name: title });
const loaded = () => screen.findByText('Listening on 127.0.0.1:3001');

afterEach(async () => {
  vi.useRealTimers();
  // The panel's i18nProvider is one object: a test in Serbian leaves it there for the next.
  await i18nProvider.changeLocale('en');
});

describe('System Status (spec §2)', () => {
  it('shows a card per component, coloured by its status and naming it, with message and last check', async () => {
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'System Status' })).toBeInTheDocument();
    await loaded();
    const expected: [string, string, string, string][] = [
      ['WebSocket', 'healthy', 'Listening on 127.0.0.1:3001', '#2e7d32'],
      ['Database', 'warning', 'Slow answers (850 ms)', '#ffb300'],
      ['Redis', 'error', 'Connection refused', '#c62828'],
      ['Message Queue', 'unknown', 'Not configured', '#616161'],
    ];
    for (const [title, status, message, colour] of expected) {
      const region = card(title);
      expect(within(region).getByRole('heading', { level: 2, name: title })).toBeInTheDocument();
      expect(region).toHaveAttribute('data-status', status);
      expect(region).toHaveStyle({ borderLeftColor: colour });
      const word = within(region).getByText(status);
      expect(word.closest('.MuiChip-root')).toHaveStyle({ backgroundColor: colour });
      expect(within(region).getByText(message)).toBeInTheDocument();
      const time = region.querySelector('time');
      expect(time).toHaveAttribute('datetime', CHECKED);
      // 10:00 UTC is noon in Belgrade in May; English in the device's region (en-US here).
      expect(time).toHaveTextContent('May 1, 2025, 12:00:00 PM');
    }
  });

  it('lists the websocket statistics readably', async () => {
    open();
    await loaded();
    const stats = screen.getByRole('region', { name: 'WebSocket Statistics' });
    const pairs = within(stats)
      .getAllByRole('term')
      .map((term) => [term.textContent, term.nextElementSibling?.textContent]);
    expect(pairs).toEqual([
      ['Connections', '12'],
      ['Peak connections', '40'],
      ['Messages in', '1,234'],
      ['Uptime', '1 h 2 min 5 s'],
      ['State', 'running'],
      ['Listening', '127.0.0.1:3001 and /ws'],
    ]);
  });

  it('Refresh Status checks again and says so', async () => {
    const { user, checksMade } = open();
    await loaded();
    await user.click(screen.getByRole('button', { name: 'Refresh Status' }));
    expect(await screen.findByText('System check completed successfully!')).toBeInTheDocument();
    expect(checksMade()).toBe(2);
    expect(card('Redis')).toHaveAttribute('data-status', 'healthy');
    expect(within(card('Redis')).getByText('PONG')).toBeInTheDocument();
  });

  it('Refresh Status reports a refused check and a check that got no answer differently', async () => {
    const { user } = open({}, json(500, { message: 'Database is locked' }));
    await loaded();
    await user.click(screen.getByRole('button', { name: 'Refresh Status' }));
    await waitFor(() => expect(toasts()).toHaveTextContent('Failed to complete system check'));
    // The page says so too, beside the toast.
    const onPage = screen
      .getAllByText('Failed to complete system check')
      .filter((el) => !toasts()?.contains(el));
    expect(onPage).toHaveLength(1);
    expect(screen.queryByText('System check completed successfully!')).not.toBeInTheDocument();
    // The last good answer stays on screen.
    expect(card('Redis')).toHaveAttribute('data-status', 'error');
  });

  it('Refresh Status without an answer says Error during system check', async () => {
    const { user } = open({}, networkDown);
    await loaded();
    await user.click(screen.getByRole('button', { name: 'Refresh Status' }));
    await waitFor(() => expect(toasts()).toHaveTextContent('Error during system check'));
    expect(screen.queryByText('Failed to complete system check')).not.toBeInTheDocument();
  });

  it('checks again every 30 s on its own, without a toast', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { checksMade } = open();
    await loaded();
    expect(checksMade()).toBe(1);
    await vi.advanceTimersByTimeAsync(29_000);
    expect(checksMade()).toBe(1);
    await vi.advanceTimersByTimeAsync(1_500);
    await waitFor(() => expect(checksMade()).toBe(2));
    await waitFor(() => expect(card('Redis')).toHaveAttribute('data-status', 'healthy'));
    await vi.advanceTimersByTimeAsync(30_000);
    await waitFor(() => expect(checksMade()).toBe(3));
    expect(screen.queryByText('System check completed successfully!')).not.toBeInTheDocument();
  });

  it('Restart WebSocket posts the restart, says so and checks again 3 s later', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { user, server, checksMade } = open({
      'POST /api/admin/restart-websocket': json(200, {
        success: true,
        message: 'WebSocket server restarted.',
      }),
    });
    await loaded();
    await user.click(screen.getByRole('button', { name: 'Restart WebSocket' }));
    expect(await screen.findByText('WebSocket server restart initiated successfully')).toBeInTheDocument();
    expect(server.callsTo('POST /api/admin/restart-websocket')).toHaveLength(1);
    expect(checksMade()).toBe(1);
    await vi.advanceTimersByTimeAsync(2_500);
    expect(checksMade()).toBe(1);
    await vi.advanceTimersByTimeAsync(700);
    await waitFor(() => expect(checksMade()).toBe(2));
    await waitFor(() => expect(card('Redis')).toHaveAttribute('data-status', 'healthy'));
    // The recheck is not a user's refresh: no success toast for it.
    expect(screen.queryByText('System check completed successfully!')).not.toBeInTheDocument();
  });

  it.each([
    [
      json(500, { message: 'Live server did not stop' }),
      'Failed to restart WebSocket server: Live server did not stop',
    ],
    [json(500, {}), 'Failed to restart WebSocket server: Unknown error'],
    [
      json(200, { success: false, message: 'Already restarting' }),
      'Failed to restart WebSocket server: Already restarting',
    ],
    [networkDown, 'Error restarting WebSocket server'],
  ])('a failed restart says why (%#)', async (reply, message) => {
    const { user, checksMade } = open({ 'POST /api/admin/restart-websocket': reply });
    await loaded();
    await user.click(screen.getByRole('button', { name: 'Restart WebSocket' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.queryByText('WebSocket server restart initiated successfully')).not.toBeInTheDocument();
    await settle();
    expect(checksMade()).toBe(1);
  });

  it('View Logs goes to the System Logs screen', async () => {
    const { user } = open({ 'GET /api/admin/system-logs': json(200, { logs: [] }) });
    await loaded();
    await user.click(screen.getByRole('link', { name: 'View Logs' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'System Logs' })).toBeInTheDocument();
    expect(currentLocation()).toBe('/admin/logs');
  });

  it('says so on the page when the first check fails', async () => {
    signIn(SYSTEM_ADMIN);
    fakeFetch({
      'GET /api/user': json(200, SYSTEM_ADMIN),
      'GET /api/admin/system-status': json(500, { message: 'Boom' }),
    });
    renderScreen('/admin/status');
    expect(await screen.findByText('Failed to complete system check')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'WebSocket' })).not.toBeInTheDocument();
  });

  it('speaks Serbian when chosen: cards, states and the statistics', async () => {
    signIn(SYSTEM_ADMIN);
    fakeFetch({
      'GET /api/user': json(200, SYSTEM_ADMIN),
      'GET /api/admin/system-status': json(200, STATUS),
    });
    renderScreen('/admin/status', { locale: 'sr' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Stanje sistema' })).toBeInTheDocument();
    await loaded();
    expect(within(card('Baza podataka')).getByText('upozorenje')).toBeInTheDocument();
    expect(within(card('Red poruka')).getByText('nepoznato')).toBeInTheDocument();
    expect(within(card('Redis')).getByText(/Poslednja provera:/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Osveži stanje' })).toBeInTheDocument();
    const stats = screen.getByRole('region', { name: 'WebSocket statistika' });
    const pairs = within(stats)
      .getAllByRole('term')
      .map((term) => [term.textContent, term.nextElementSibling?.textContent]);
    expect(pairs).toEqual([
      ['Veze', '12'],
      ['Najviše veza odjednom', '40'],
      ['Primljene poruke', (1234).toLocaleString('sr')],
      ['Vreme rada', '1 h 2 min 5 s'],
      ['Stanje', 'radi'],
      ['Sluša na', '127.0.0.1:3001 i /ws'],
    ]);
  });

  it("says a job's failure with its time in the reader's language and the server's time zone", async () => {
    const failed = {
      status: 'warning',
      code: 'job_failed',
      params: { job: 'backup', at: '2025-05-01T09:30:00.000Z', error: 'disk full' },
      message: 'The backup job failed at 2025-05-01T09:30:00.000Z: disk full',
      lastCheck: CHECKED,
    };
    const answer = { ...STATUS, status: { ...STATUS.status, messageQueue: failed } };
    signIn(IN_BELGRADE);
    fakeFetch({ 'GET /api/user': json(200, IN_BELGRADE), 'GET /api/admin/system-status': json(200, answer) });
    renderScreen('/admin/status', { locale: 'sr' });
    const queue = await screen.findByRole('region', { name: 'Red poruka' });
    // 09:30 UTC is 11:30 in Belgrade in May.
    expect(
      await within(queue).findByText('Posao backup nije uspeo u 1. 5. 2025. 11:30:00: disk full'),
    ).toBeVisible();
  });

  it('shows a band admin a refusal and asks the server nothing', async () => {
    signIn(BAND_ADMIN);
    const server = fakeFetch({
      'GET /api/user': json(200, BAND_ADMIN),
      'GET /api/admin/system-status': json(200, STATUS),
    });
    renderScreen('/admin/status');
    expect(await screen.findByText(/You are not allowed to see this page/)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'System Status' })).not.toBeInTheDocument();
    await settle();
    expect(server.calls.filter((call) => call.url.startsWith('/api/admin/'))).toEqual([]);
  });
});
