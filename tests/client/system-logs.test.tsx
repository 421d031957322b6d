import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  BAND_ADMIN,
  fakeFetch,
  json,
  renderScreen,
  settle,
  signIn,
  SYSTEM_ADMIN,
  type Reply,
} from './helpers';

const LOGS = [
  {
    level: 'error',
    timestamp: '2025-05-01T10:03:00.000Z',
    message: 'Upload failed',
    context: 'uploads',
    extra: { file: 'poster.png', size: 123 },
  },
  {
    level: 'warning',
    timestamp: '2025-05-01T10:02:00.000Z',
    message: 'Slow query',
    context: null,
    extra: null,
  },
  {
    level: 'info',
    timestamp: '2025-05-01T10:01:00.000Z',
    message: 'Server started',
    context: 'main',
    extra: null,
  },
  {
    level: 'debug',
    timestamp: '2025-05-01T10:00:00.000Z',
    message: 'Cache warmed',
    context: null,
    extra: null,
  },
];

const ERRORS_ONLY = [LOGS[0]];

/** The server's TIME_ZONE, on the signed-in user: times are shown in it, not in UTC. */
const IN_BELGRADE = { ...SYSTEM_ADMIN, time_zone: 'Europe/Belgrade' };

function open(routes: Record<string, Reply> = {}, locale: 'en' | 'sr' = 'en') {
  signIn(IN_BELGRADE);
  const server = fakeFetch({
    'GET /api/user': json(200, IN_BELGRADE),
    'GET /api/admin/system-logs?type=all': json(200, { logs: LOGS }),
    'GET /api/admin/system-logs?type=error': json(200, { logs: ERRORS_ONLY }),
    ...routes,
  });
  const view = renderScreen('/admin/logs', { locale });
  const logCalls = () => server.callsTo('GET /api/admin/system-logs').map((call) => call.url);
  return { ...view, server, logCalls };
}

const toasts = () => document.querySelector('.Toastify');
const entries = () => within(screen.getByRole('list', { name: 'Log entries' })).getAllByRole('listitem');
const loaded = () => screen.findByText('Upload failed');

afterEach(() => {
  vi.useRealTimers();
});

describe('System Logs (spec §2)', () => {
  it('shows each entry with its time, level in its own colour, message, context and extra', async () => {
    const { logCalls } = open();
    expect(await screen.findByRole('heading', { level: 1, name: 'System Logs' })).toBeInTheDocument();
    await loaded();
    expect(logCalls()).toEqual(['/api/admin/system-logs?type=all']);

    const rows = entries();
    expect(rows.map((row) => row.getAttribute('data-level'))).toEqual(['error', 'warning', 'info', 'debug']);
    const colours = rows.map((row) => {
      const chip = within(row).getByText(row.getAttribute('data-level')!).closest('.MuiChip-root');
      return getComputedStyle(chip!).backgroundColor;
    });
    expect(new Set(colours).size).toBe(4);
    expect(colours[0]).toBe('#c62828');

    const [error, warning, info] = rows;
    expect(error.querySelector('time')).toHaveAttribute('datetime', LOGS[0].timestamp);
    // 10:03 UTC is 12:03 in Belgrade in May; English in the device's region (en-US here).
    expect(error.querySelector('time')).toHaveTextContent('May 1, 2025, 12:03:00 PM');
    expect(within(error).getByText('Upload failed')).toBeInTheDocument();
    expect(within(error).getByText('Context: uploads')).toBeInTheDocument();
    expect(within(error).getByText('{"file":"poster.png","size":123}')).toBeInTheDocument();
    expect(within(warning).queryByText(/Context:/)).not.toBeInTheDocument();
    expect(warning.querySelector('code')).toBeNull();
    expect(within(info).getByText('Context: main')).toBeInTheDocument();
  });

  it("shows each time in the reader's language and the server's time zone", async () => {
    open({}, 'sr');
    await loaded();
    expect(document.querySelector('time')).toHaveTextContent('1. 5. 2025. 12:03:00');
  });

  it('reloads with the chosen type', async () => {
    const { user, logCalls } = open();
    await loaded();
    const type = screen.getByRole('combobox', { name: 'Type' });
    await user.click(type);
    const options = within(await screen.findByRole('listbox')).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'All Logs',
      'Errors Only',
      'Warnings Only',
      'Info Only',
    ]);
    await user.click(screen.getByRole('option', { name: 'Errors Only' }));
    await waitFor(() => expect(entries()).toHaveLength(1));
    expect(screen.queryByText('Server started')).not.toBeInTheDocument();
    expect(logCalls()).toEqual(['/api/admin/system-logs?type=all', '/api/admin/system-logs?type=error']);
    expect(type).toHaveTextContent('Errors Only');
  });

  it('Refresh reloads the logs', async () => {
    const { user, logCalls } = open();
    await loaded();
    // Scoped to the page: react-admin's app bar has a Refresh button of its own.
    await user.click(within(screen.getByRole('main')).getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(logCalls()).toHaveLength(2));
    expect(logCalls()[1]).toBe('/api/admin/system-logs?type=all');
  });

  it('reloads every 5 s only while Auto-refresh is on', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { user, logCalls } = open();
    await loaded();
    const auto = screen.getByRole('checkbox', { name: 'Auto-refresh (5 s)' });
    expect(auto).not.toBeChecked();
    await vi.advanceTimersByTimeAsync(12_000);
    expect(logCalls()).toHaveLength(1);

    await user.click(auto);
    expect(auto).toBeChecked();
    await vi.advanceTimersByTimeAsync(4_000);
    expect(logCalls()).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1_500);
    await waitFor(() => expect(logCalls()).toHaveLength(2));
    await vi.advanceTimersByTimeAsync(5_000);
    await waitFor(() => expect(logCalls()).toHaveLength(3));

    await user.click(auto);
    expect(auto).not.toBeChecked();
    await vi.advanceTimersByTimeAsync(15_000);
    await settle(50);
    expect(logCalls()).toHaveLength(3);
  });

  it('Clear Logs asks first; Cancel clears nothing', async () => {
    const { user, server } = open({
      'POST /api/admin/clear-logs': json(200, { success: true, message: 'Cleared.' }),
    });
    await loaded();
    await user.click(screen.getByRole('button', { name: 'Clear Logs' }));
    const dialog = await screen.findByRole('dialog', { name: 'Clear Logs' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await settle();
    expect(server.callsTo('POST /api/admin/clear-logs')).toHaveLength(0);
  });

  it('Clear Logs, once confirmed, posts, says so and reloads the (now empty) list', async () => {
    let cleared = false;
    const { user, server, logCalls } = open({
      'POST /api/admin/clear-logs': (call) => {
        cleared = true;
        return json(200, { success: true, message: 'Cleared.' })(call);
      },
      'GET /api/admin/system-logs?type=all': (call) => json(200, { logs: cleared ? [] : LOGS })(call),
    });
    await loaded();
    await user.click(screen.getByRole('button', { name: 'Clear Logs' }));
    const dialog = await screen.findByRole('dialog', { name: 'Clear Logs' });
    await user.click(within(dialog).getByRole('button', { name: 'Clear Logs' }));
    await waitFor(() => expect(toasts()).toHaveTextContent('System logs cleared successfully!'));
    expect(server.callsTo('POST /api/admin/clear-logs')).toHaveLength(1);
    expect(await screen.findByText('No logs found.')).toBeInTheDocument();
    expect(logCalls()).toHaveLength(2);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('a refused clear says Failed to clear logs and keeps the logs', async () => {
    const { user } = open({ 'POST /api/admin/clear-logs': json(500, { message: 'Log file is read-only' }) });
    await loaded();
    await user.click(screen.getByRole('button', { name: 'Clear Logs' }));
    const dialog = await screen.findByRole('dialog', { name: 'Clear Logs' });
    await user.click(within(dialog).getByRole('button', { name: 'Clear Logs' }));
    await waitFor(() => expect(toasts()).toHaveTextContent('Failed to clear logs'));
    expect(toasts()).not.toHaveTextContent('System logs cleared successfully!');
    expect(screen.getByText('Upload failed')).toBeInTheDocument();
  });

  it("shows 'No logs found.' for an empty log", async () => {
    open({ 'GET /api/admin/system-logs?type=all': json(200, { logs: [] }) });
    expect(await screen.findByText('No logs found.')).toBeInTheDocument();
  });

  it("shows 'Failed to fetch logs' when the logs cannot be read", async () => {
    open({ 'GET /api/admin/system-logs?type=all': json(500, { message: 'Boom' }) });
    expect(await screen.findByText('Failed to fetch logs')).toBeInTheDocument();
    expect(screen.queryByText('No logs found.')).not.toBeInTheDocument();
  });

  it('shows a band admin a refusal and asks the server nothing', async () => {
    signIn(BAND_ADMIN);
    const server = fakeFetch({
      'GET /api/user': json(200, BAND_ADMIN),
      'GET /api/admin/system-logs?type=all': json(200, { logs: LOGS }),
    });
    renderScreen('/admin/logs');
    expect(await screen.findByText(/You are not allowed to see this page/)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'System Logs' })).not.toBeInTheDocument();
    await settle();
    expect(server.calls.filter((call) => call.url.startsWith('/api/admin/'))).toEqual([]);
  });
});
