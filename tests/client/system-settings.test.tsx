import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18nProvider } from '../../src/client/i18n';
import { DEFAULT_SETTINGS, type SystemSettings } from '../../src/shared/constants';
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

const STORED: SystemSettings = {
  websocket_port: 4001,
  websocket_host: '0.0.0.0',
  max_concurrent_connections: 250,
  session_timeout: 60,
  auto_backup_enabled: false,
  backup_frequency: 12,
  log_level: 'warning',
  max_log_file_size: 20,
  enable_notifications: false,
  maintenance_mode: true,
};

/** The server's defaults: its websocket_port default follows its PORT (here 3002, so 3003). */
const DEFAULTS: SystemSettings = { ...DEFAULT_SETTINGS, websocket_port: 3003 };
const stored = (live_port: number | null = null) => ({ settings: STORED, defaults: DEFAULTS, live_port });

function open(routes: Record<string, Reply> = {}) {
  signIn(SYSTEM_ADMIN);
  const server = fakeFetch({
    'GET /api/user': json(200, SYSTEM_ADMIN),
    'GET /api/admin/system-settings': json(200, stored()),
    ...routes,
  });
  const view = renderScreen('/admin/settings');
  const saves = () => server.callsTo('POST /api/admin/system-settings');
  return { ...view, server, saves };
}

// The panel's i18nProvider is one object: a test in Serbian leaves it there for the next.
afterEach(async () => {
  await i18nProvider.changeLocale('en');
});

const RESET_NOTICE = 'Defaults restored. Press Save Settings to keep them.';
const toasts = () => document.querySelector('.Toastify');
const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const checkbox = (name: string) => screen.getByRole('checkbox', { name });
const logLevel = () => screen.getByRole('combobox', { name: 'Log Level' });
const loaded = async () => {
  await screen.findByRole('button', { name: 'Save Settings' });
};

/** What the form shows, read back the way a user sees it. */
function shown() {
  return {
    websocket_port: input('WebSocket Port').value,
    websocket_host: input('WebSocket Host').value,
    max_concurrent_connections: input('Max Concurrent Connections').value,
    session_timeout: input('Session Timeout (minutes)').value,
    auto_backup_enabled: (checkbox('Enable Automatic Backups') as HTMLInputElement).checked,
    backup_frequency: input('Backup Frequency (hours)').value,
    log_level: logLevel().textContent,
    max_log_file_size: input('Max Log File Size (MB)').value,
    enable_notifications: (checkbox('Enable Notifications') as HTMLInputElement).checked,
    maintenance_mode: (checkbox('Maintenance Mode') as HTMLInputElement).checked,
  };
}

const asShown = (settings: SystemSettings) =>
  Object.fromEntries(
    Object.entries(settings).map(([key, value]) => [key, typeof value === 'number' ? String(value) : value]),
  );

// Typing into the MUI form is slow in happy-dom; give a loaded machine room.
describe('System Settings (spec §2, §5)', { timeout: 15_000 }, () => {
  it('shows the stored settings in five labelled sections', async () => {
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'System Settings' })).toBeInTheDocument();
    await loaded();
    const sections = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(sections).toEqual(['WebSocket', 'Session', 'Backup', 'Logging', 'General']);
    expect(within(screen.getByRole('region', { name: 'WebSocket' })).getByLabelText('WebSocket Port')).toBe(
      input('WebSocket Port'),
    );
    expect(shown()).toEqual(asShown(STORED));
    expect(checkbox('Maintenance Mode')).toHaveAccessibleDescription(
      /everyone but system administrators is blocked/,
    );
  });

  it('offers the log levels of LOG_LEVELS', async () => {
    const { user } = open();
    await loaded();
    await user.click(logLevel());
    const options = within(await screen.findByRole('listbox')).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['debug', 'info', 'warning', 'error']);
  });

  it('saves every setting as {settings}, numbers as integers, and shows what the server stored', async () => {
    const answer: SystemSettings = {
      ...STORED,
      websocket_port: 4002,
      session_timeout: 12,
      log_level: 'debug',
    };
    const { user, saves } = open({
      'POST /api/admin/system-settings': json(200, {
        success: true,
        message: 'Settings saved.',
        // The server has the last word: it kept 0.0.0.0 for the host.
        settings: { ...answer, websocket_host: '0.0.0.0' },
      }),
    });
    await loaded();
    await user.clear(input('WebSocket Port'));
    await user.type(input('WebSocket Port'), '4002');
    await user.clear(input('WebSocket Host'));
    await user.type(input('WebSocket Host'), 'live.local');
    await user.clear(input('Session Timeout (minutes)'));
    await user.type(input('Session Timeout (minutes)'), '12.7');
    await user.click(checkbox('Maintenance Mode'));
    await user.click(checkbox('Enable Automatic Backups'));
    await user.click(logLevel());
    await user.click(await screen.findByRole('option', { name: 'debug' }));
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));

    await waitFor(() => expect(toasts()).toHaveTextContent('System settings saved successfully!'));
    expect(saves()).toHaveLength(1);
    expect(saves()[0].body).toEqual({
      settings: {
        ...STORED,
        websocket_port: 4002,
        websocket_host: 'live.local',
        session_timeout: 12,
        maintenance_mode: false,
        auto_backup_enabled: true,
        log_level: 'debug',
      },
    });
    expect(shown()).toEqual(asShown({ ...answer, websocket_host: '0.0.0.0' }));
  });

  it('keeps what was typed and shows the 422 field errors under their fields', async () => {
    const { user, saves } = open({
      'POST /api/admin/system-settings': json(422, {
        message: 'The given data was invalid.',
        errors: { websocket_port: ['The WebSocket port must be a whole number from 1 to 65535.'] },
      }),
    });
    await loaded();
    await user.clear(input('WebSocket Port'));
    await user.type(input('WebSocket Port'), '70000');
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));

    await waitFor(() =>
      expect(toasts()).toHaveTextContent('Failed to save settings: The given data was invalid.'),
    );
    expect(saves()[0].body).toEqual({ settings: { ...STORED, websocket_port: 70000 } });
    expect(input('WebSocket Port')).toHaveValue(70000);
    expect(input('WebSocket Port')).toHaveAccessibleDescription(
      'The WebSocket port must be a whole number from 1 to 65535.',
    );
    expect(input('WebSocket Port')).toHaveAttribute('aria-invalid', 'true');
    expect(toasts()).not.toHaveTextContent('System settings saved successfully!');
  });

  it('does not send a number field that holds no number', async () => {
    const { user, saves } = open();
    await loaded();
    await user.clear(input('Backup Frequency (hours)'));
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(input('Backup Frequency (hours)')).toHaveAccessibleDescription('Enter a whole number.');
    await settle();
    expect(saves()).toHaveLength(0);
  });

  it("Reset to Defaults asks first, then fills in the server's defaults without saving", async () => {
    const confirm = vi.fn().mockReturnValueOnce(false).mockReturnValueOnce(true);
    vi.stubGlobal('confirm', confirm);
    const { user, saves } = open({
      'POST /api/admin/system-settings': json(200, {
        success: true,
        message: 'Settings saved.',
        settings: DEFAULTS,
      }),
    });
    await loaded();
    const reset = screen.getByRole('button', { name: 'Reset to Defaults' });

    await user.click(reset);
    expect(confirm).toHaveBeenCalledWith('Are you sure you want to reset all settings to default values?');
    expect(shown()).toEqual(asShown(STORED));
    expect(screen.queryByText(RESET_NOTICE)).not.toBeInTheDocument();

    await user.click(reset);
    expect(confirm).toHaveBeenCalledTimes(2);
    expect(shown()).toEqual(asShown(DEFAULTS));
    // The defaults are only in the form: the page says they still need saving.
    expect(screen.getByText(RESET_NOTICE).closest('[role="status"]')).not.toBeNull();
    await settle();
    expect(saves()).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    await waitFor(() => expect(saves()).toHaveLength(1));
    expect(saves()[0].body).toEqual({ settings: DEFAULTS });
    await waitFor(() => expect(toasts()).toHaveTextContent('System settings saved successfully!'));
    expect(screen.queryByText(RESET_NOTICE)).not.toBeInTheDocument();
  });

  it('speaks Serbian when chosen: sections, labels, buttons and the reset notice', async () => {
    vi.stubGlobal('confirm', vi.fn().mockReturnValue(true));
    signIn(SYSTEM_ADMIN);
    fakeFetch({
      'GET /api/user': json(200, SYSTEM_ADMIN),
      'GET /api/admin/system-settings': json(200, stored()),
    });
    const { user } = renderScreen('/admin/settings', { locale: 'sr' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Podešavanja sistema' })).toBeInTheDocument();
    await screen.findByRole('button', { name: 'Sačuvaj podešavanja' });
    const sections = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(sections).toEqual(['WebSocket', 'Sesija', 'Rezervne kopije', 'Zapisi', 'Opšte']);
    expect(input('WebSocket port')).toHaveValue(4001);
    expect(input('Trajanje sesije (minuti)')).toHaveValue(60);
    expect(checkbox('Režim održavanja')).toHaveAccessibleDescription(
      /svima osim administratorima sistema pristup je zabranjen/,
    );
    expect(screen.getByRole('combobox', { name: 'Nivo zapisa' })).toHaveTextContent('upozorenje');
    expect(screen.queryByText('Save Settings')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Vrati podrazumevano' }));
    expect(window.confirm).toHaveBeenCalledWith(
      'Da li ste sigurni da želite da vratite sva podešavanja na podrazumevane vrednosti?',
    );
    expect(
      screen
        .getByText('Vraćene su podrazumevane vrednosti. Pritisnite Sačuvaj podešavanja da biste ih zadržali.')
        .closest('[role="status"]'),
    ).not.toBeNull();
  });

  it('says by the WebSocket Port when the server fixes the live port with LIVE_PORT', async () => {
    open({ 'GET /api/admin/system-settings': json(200, stored(4101)) });
    await loaded();
    expect(input('WebSocket Port')).toHaveAccessibleDescription(
      'The server sets the live port with LIVE_PORT (4101); this value applies only without it.',
    );
  });

  it('says so in Serbian when LIVE_PORT=0 leaves the live server on /ws only', async () => {
    signIn(SYSTEM_ADMIN);
    fakeFetch({
      'GET /api/user': json(200, SYSTEM_ADMIN),
      'GET /api/admin/system-settings': json(200, stored(0)),
    });
    renderScreen('/admin/settings', { locale: 'sr' });
    await screen.findByRole('button', { name: 'Sačuvaj podešavanja' });
    expect(input('WebSocket port')).toHaveAccessibleDescription(
      'Na serveru je LIVE_PORT=0: server uživo radi samo na /ws glavnog porta; ova vrednost važi samo bez nje.',
    );
  });

  it('leaves the WebSocket Port without a note when the setting decides', async () => {
    open();
    await loaded();
    expect(input('WebSocket Port')).not.toHaveAccessibleDescription();
  });

  it("shows 'Failed to load system settings' when they cannot be read", async () => {
    open({ 'GET /api/admin/system-settings': json(500, { message: 'Boom' }) });
    expect(await screen.findByText('Failed to load system settings')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save Settings' })).not.toBeInTheDocument();
  });

  it('shows a band admin a refusal and asks the server nothing', async () => {
    signIn(BAND_ADMIN);
    const server = fakeFetch({
      'GET /api/user': json(200, BAND_ADMIN),
      'GET /api/admin/system-settings': json(200, stored()),
    });
    renderScreen('/admin/settings');
    expect(await screen.findByText(/You are not allowed to see this page/)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'System Settings' })).not.toBeInTheDocument();
    await settle();
    expect(server.calls.filter((call) => call.url.startsWith('/api/admin/'))).toEqual([]);
  });
});
