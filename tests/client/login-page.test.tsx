import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  BAND_ADMIN,
  VIEWER,
  currentLocation,
  fakeFetch,
  json,
  pending,
  renderApp,
  settle,
  storedUser,
} from './helpers';

const LOGIN = 'POST /api/login';
const ok = (user = BAND_ADMIN) => json(200, { success: true, message: 'Login successful', data: user });
/** The lists the user lands on after login load too; they are not under test here. */
const LANDING_LISTS = {
  'GET /api/admin/songs': json(200, { data: [], total: 0 }),
  'GET /api/admin/performers': json(200, { data: [], total: 0 }),
};

/** The login page of a signed-out visitor, with the user-event instance to fill it in. */
async function openLogin(entry: Parameters<typeof renderApp>[0] = '/admin/login') {
  const view = renderApp(entry);
  await screen.findByRole('button', { name: 'Login to Admin Panel' });
  const fill = async (email: string, password: string) => {
    if (email) await view.user.type(screen.getByLabelText('Email'), email);
    if (password) await view.user.type(screen.getByLabelText('Password'), password);
  };
  const submit = () => view.user.click(screen.getByRole('button', { name: 'Login to Admin Panel' }));
  return { ...view, fill, submit };
}

const formError = () => screen.getByRole('alert').textContent;

describe('Login page', () => {
  it("shows the title 'Encore Admin', the email and password fields and 'Login to Admin Panel'", async () => {
    fakeFetch({});
    await openLogin();
    expect(screen.getByRole('heading', { level: 1, name: 'Encore Admin' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'Login to Admin Panel' })).toBeEnabled();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('is where a signed-out visitor of /admin/ ends up', async () => {
    fakeFetch({});
    renderApp('/admin/');
    expect(await screen.findByRole('button', { name: 'Login to Admin Panel' })).toBeInTheDocument();
    expect(currentLocation()).toBe('/admin/login');
  });

  it('asks for both fields when submitted empty, and sends nothing', async () => {
    const server = fakeFetch({ [LOGIN]: ok() });
    const { submit } = await openLogin();
    await submit();
    expect(formError()).toBe('Email i lozinka su obavezni.');
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Email je obavezan');
    expect(screen.getByLabelText('Email')).toBeInvalid();
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('Lozinka je obavezna');
    expect(screen.getByLabelText('Password')).toBeInvalid();
    await settle();
    expect(server.callsTo(LOGIN)).toHaveLength(0);
  });

  it("rejects an email without '@' in both forms of the message, and sends nothing", async () => {
    const server = fakeFetch({ [LOGIN]: ok() });
    const { fill, submit } = await openLogin();
    await fill('ana.zvezde.rs', 'secret');
    await submit();
    expect(formError()).toBe('Unesite ispravnu email adresu.');
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Unesite ispravnu email adresu');
    expect(screen.getByLabelText('Password')).toBeValid();
    await settle();
    expect(server.callsTo(LOGIN)).toHaveLength(0);
  });

  it('requires a password of at least 3 characters, and sends nothing', async () => {
    const server = fakeFetch({ [LOGIN]: ok() });
    const { fill, submit } = await openLogin();
    await fill('ana@zvezde.rs', 'ab');
    await submit();
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(
      'Lozinka mora imati najmanje 3 karaktera',
    );
    expect(screen.getByLabelText('Password')).toBeInvalid();
    expect(screen.getByLabelText('Email')).toBeValid();
    await settle();
    expect(server.callsTo(LOGIN)).toHaveLength(0);
  });

  it("reads 'Prijavljivanje...' and is disabled while the login request is pending", async () => {
    const answer = pending();
    fakeFetch({ [LOGIN]: answer.reply });
    const { fill, submit } = await openLogin();
    await fill('ana@zvezde.rs', 'secret');
    await submit();
    const busy = await screen.findByRole('button', { name: 'Prijavljivanje...' });
    expect(busy).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Login to Admin Panel' })).not.toBeInTheDocument();
    answer.release(
      new Response(JSON.stringify({ success: false, message: 'Invalid email or password.' }), {
        status: 401,
      }),
    );
    expect(await screen.findByRole('button', { name: 'Login to Admin Panel' })).toBeEnabled();
  });

  it('submits with Enter in the password field', async () => {
    const server = fakeFetch({ [LOGIN]: ok(), ...LANDING_LISTS });
    const { user } = await openLogin();
    await user.type(screen.getByLabelText('Email'), 'ana@zvezde.rs');
    await user.type(screen.getByLabelText('Password'), 'secret{Enter}');
    await waitFor(() => expect(server.callsTo(LOGIN)).toHaveLength(1));
    expect(server.callsTo(LOGIN)[0].body).toEqual({ email: 'ana@zvezde.rs', password: 'secret' });
  });

  it("shows the server's message when it answers success: false (HTTP 401)", async () => {
    fakeFetch({ [LOGIN]: json(401, { success: false, message: 'Invalid email or password.' }) });
    const { fill, submit } = await openLogin();
    await fill('ana@zvezde.rs', 'wrong-password');
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Invalid email or password\.$/);
    expect(storedUser()).toBeNull();
    expect(currentLocation()).toBe('/admin/login');
  });

  it("shows the server's message when it answers success: false with HTTP 200", async () => {
    fakeFetch({ [LOGIN]: json(200, { success: false, message: 'Nalog nije aktivan.' }) });
    const { fill, submit } = await openLogin();
    await fill('ana@zvezde.rs', 'secret');
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Nalog nije aktivan\.$/);
    expect(storedUser()).toBeNull();
  });

  it("shows 'Greška pri povezivanju sa serverom.' when the request fails to reach the server", async () => {
    fakeFetch({ [LOGIN]: () => Promise.reject(new TypeError('Failed to fetch')) });
    const { fill, submit } = await openLogin();
    await fill('ana@zvezde.rs', 'secret');
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Greška pri povezivanju sa serverom\.$/);
    expect(screen.getByRole('button', { name: 'Login to Admin Panel' })).toBeEnabled();
  });

  it("shows 'Greška pri povezivanju sa serverom.' when an error answer carries no message", async () => {
    fakeFetch({ [LOGIN]: () => new Response('<html>Bad gateway</html>', { status: 502 }) });
    const { fill, submit } = await openLogin();
    await fill('ana@zvezde.rs', 'secret');
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Greška pri povezivanju sa serverom\.$/);
  });

  it.each(['Email', 'Password'])('clears the server error when the %s field is edited', async (field) => {
    fakeFetch({ [LOGIN]: json(401, { success: false, message: 'Invalid email or password.' }) });
    const { fill, submit, user } = await openLogin();
    await fill('ana@zvezde.rs', 'wrong-password');
    await submit();
    await screen.findByRole('alert');
    await user.type(screen.getByLabelText(field), 'x');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('stores the signed-in user and goes to /admin/songs by default', async () => {
    fakeFetch({ [LOGIN]: ok(BAND_ADMIN), ...LANDING_LISTS });
    const { fill, submit } = await openLogin();
    await fill('ana@zvezde.rs', 'secret');
    await submit();
    await waitFor(() => expect(currentLocation()).toBe('/admin/songs'));
    expect(storedUser()).toEqual(BAND_ADMIN);
    expect(storedUser()?.token).toBe('token-ana');
    expect(screen.queryByRole('button', { name: 'Login to Admin Panel' })).not.toBeInTheDocument();
  });

  it("goes to the 'nextPathname' of the location state after login", async () => {
    fakeFetch({ [LOGIN]: ok(BAND_ADMIN), ...LANDING_LISTS });
    const { fill, submit } = await openLogin({
      pathname: '/admin/login',
      state: { nextPathname: '/admin/gigs' },
    });
    await fill('ana@zvezde.rs', 'secret');
    await submit();
    await waitFor(() => expect(currentLocation()).toBe('/admin/gigs'));
  });

  it('brings a visitor who was sent to login back to the page they came from', async () => {
    fakeFetch({ [LOGIN]: ok(BAND_ADMIN), ...LANDING_LISTS });
    const { fill, submit } = await openLogin('/admin/performers');
    expect(currentLocation()).toBe('/admin/login');
    await fill('ana@zvezde.rs', 'secret');
    await submit();
    await waitFor(() => expect(currentLocation()).toBe('/admin/performers'));
  });

  it('sends a viewer to /viewer', async () => {
    fakeFetch({ [LOGIN]: ok(VIEWER) });
    const { fill, submit } = await openLogin({
      pathname: '/admin/login',
      state: { nextPathname: '/admin/gigs' },
    });
    await fill('vera@zvezde.rs', 'secret');
    await submit();
    expect(await screen.findByRole('heading', { name: 'Viewer area' })).toBeInTheDocument();
    expect(currentLocation()).toBe('/viewer');
    expect(storedUser()).toEqual(VIEWER);
  });
});
