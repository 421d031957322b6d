import { render, screen } from '@testing-library/react';
import { AdminContext, memoryStore, ResourceContextProvider } from 'react-admin';
import userEvent from '@testing-library/user-event';
import {
  createMemoryRouter,
  MemoryRouter,
  Route,
  RouterProvider,
  Routes,
  useLocation,
  useNavigationType,
  type InitialEntry,
} from 'react-router-dom';
import { ToastContainer } from 'react-toastify';
import { type ReactElement, Suspense } from 'react';
import { vi } from 'vitest';
import { AdminApp, RESOURCES, SCREENS } from '../../src/client/AdminApp';
import { LoginScreen } from '../../src/client/login/LoginScreen';
import { i18nProvider } from '../../src/client/i18n';
import { ToastNotification } from '../../src/client/layout/ToastNotification';
import { ViewerPage } from '../../src/client/live/ViewerPage';
import { createAuthProvider } from '../../src/client/providers/authProvider';
import { createDataProvider } from '../../src/client/providers/dataProvider';
import { httpClient } from '../../src/client/providers/httpClient';
import type { ApiUser, DashboardData } from '../../src/shared/api-types';

/** One call the panel made through `fetch`, as the server would see it. */
export interface FetchCall {
  method: string;
  url: string;
  headers: Headers;
  /** The JSON body parsed, a FormData as is, or undefined. */
  body: unknown;
  credentials: RequestCredentials | undefined;
  at: number;
}

export type Reply = (call: FetchCall) => Response | Promise<Response>;

export const json =
  (status: number, body: unknown): Reply =>
  () =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** A reply the test releases by hand, to look at the screen while a request is pending. */
export function pending() {
  let release!: (response: Response) => void;
  const promise = new Promise<Response>((resolve) => (release = resolve));
  const reply: Reply = () => promise;
  return { reply, release };
}

/** 'METHOD /path' of a call, without its query string. */
const routeOf = (call: FetchCall) => `${call.method} ${call.url.split('?')[0]}`;

/**
 * Replaces the global `fetch` with a fake server: `routes` maps 'METHOD /path' (with or without the
 * query string) to a reply. GET /sanctum/csrf-cookie answers 204 unless a route says otherwise;
 * anything else unknown 404s.
 */
export function fakeFetch(routes: Record<string, Reply>) {
  const calls: FetchCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const rawBody = init.body;
    const call: FetchCall = {
      method: (init.method ?? 'GET').toUpperCase(),
      url: String(input),
      headers: new Headers(init.headers),
      body: typeof rawBody === 'string' ? JSON.parse(rawBody) : (rawBody ?? undefined),
      credentials: init.credentials,
      at: performance.now(),
    };
    calls.push(call);
    const reply = routes[`${call.method} ${call.url}`] ?? routes[routeOf(call)];
    if (reply) return reply(call);
    if (call.url === '/sanctum/csrf-cookie') return new Response(null, { status: 204 });
    return new Response(JSON.stringify({ message: 'Not found' }), { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    fetchMock,
    /** The calls made to one 'METHOD /path', whatever their query string. */
    callsTo: (route: string) => calls.filter((call) => routeOf(call) === route),
  };
}

export const BAND_ADMIN: ApiUser = {
  id: 2,
  name: 'Ana Petrović',
  email: 'ana@zvezde.rs',
  token: 'token-ana',
  role: 'band_admin',
  permissions: { isAdmin: false, isViewer: false },
  band: 1,
  banddata: { naziv: 'Zvezde Beograda', picture: null },
};

export const SYSTEM_ADMIN: ApiUser = {
  id: 1,
  name: 'Marko Admin',
  email: 'admin@encore.rs',
  token: 'token-admin',
  role: 'admin',
  permissions: { isAdmin: true, isViewer: false },
  band: null,
  banddata: null,
};

export const VIEWER: ApiUser = {
  id: 3,
  name: 'Vera Gledalac',
  email: 'vera@zvezde.rs',
  token: 'token-vera',
  role: 'viewer',
  permissions: { isAdmin: false, isViewer: true },
  band: 1,
  banddata: { naziv: 'Zvezde Beograda', picture: null },
};

export const DASHBOARD: DashboardData = {
  total_songs: 128,
  total_performers: 37,
  total_playlists: 9,
  total_gigs: 4,
  total_bands: 3,
  total_users: 11,
  recent_songs: [
    { id: 7, naziv: 'Đurđevdan', performer: 'Bijelo Dugme' },
    { id: 6, naziv: 'Lutka sa naslovne strane', performer: 'Riblja Čorba' },
  ],
  users_by_role: { admin: 1, band_admin: 4, viewer: 6 },
};

/** Puts a signed-in user where the panel keeps it (localStorage 'user'). */
export function signIn(user: ApiUser) {
  localStorage.setItem('user', JSON.stringify(user));
}

export function storedUser(): ApiUser | null {
  const raw = localStorage.getItem('user');
  return raw ? (JSON.parse(raw) as ApiUser) : null;
}

function CurrentLocation() {
  const { pathname, search } = useLocation();
  const navigationType = useNavigationType();
  return (
    <output data-testid="current-location" data-navigation-type={navigationType}>
      {pathname + search}
    </output>
  );
}

/** Where the router is now. */
export const currentLocation = () => screen.getByTestId('current-location').textContent;

/** How the router got there: 'POP' (the first entry), 'PUSH' or 'REPLACE' (history replaced). */
export const navigationType = () =>
  screen.getByTestId('current-location').getAttribute('data-navigation-type');

interface RenderOptions {
  /** Also render the ToastContainer the running panel renders (as AdminApp.tsx configures it). */
  toasts?: boolean;
}

/**
 * The real panel (the login page and AdminApp with providers built on the real httpClient) and the viewer area, routed
 * as App routes them, in a MemoryRouter at `entry`; with `toasts`, the running panel's ToastContainer too.
 */
export function renderApp(entry: InitialEntry, { toasts = false }: RenderOptions = {}) {
  const authProvider = createAuthProvider(httpClient);
  const dataProvider = createDataProvider(httpClient);
  const user = userEvent.setup();
  const view = render(
    <MemoryRouter initialEntries={[entry]}>
      <Routes>
        <Route path="/admin/login" element={<LoginScreen authProvider={authProvider} />} />
        <Route
          path="/admin/*"
          element={<AdminApp authProvider={authProvider} dataProvider={dataProvider} />}
        />
        <Route path="/viewer/*" element={<ViewerPage authProvider={authProvider} />} />
      </Routes>
      <CurrentLocation />
      {toasts && <ToastContainer position="top-center" theme="dark" autoClose={5000} />}
    </MemoryRouter>,
  );
  return { ...view, user, authProvider, dataProvider };
}

/** Lets pending timers and promises run (used before asserting that something did not happen). */
export const settle = (ms = 300) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The light harness: one screen of the panel, found by its URL as the panel routes it, inside
 * react-admin's AdminContext with the real providers over the fake fetch, but without the shell
 * (app bar, menu, dashboard). Toasts are shown as the panel shows them. A data router, as in the app.
 */
export function renderScreen(entry: string, { locale }: { locale?: 'en' | 'sr' | 'sr-Cyrl' } = {}) {
  const authProvider = createAuthProvider(httpClient);
  const dataProvider = createDataProvider(httpClient);
  // The language of this render (the i18nProvider is shared between tests: each render sets it).
  const store = memoryStore({ locale: locale ?? 'en' });
  const screens: [string, ReactElement][] = [
    ...Object.entries(SCREENS).map(([path, Screen]): [string, ReactElement] => [path, <Screen />]),
    ...Object.entries(RESOURCES).map(([name, resource]): [string, ReactElement] => [
      name,
      <ResourceContextProvider value={name}>
        <resource.list />
      </ResourceContextProvider>,
    ]),
  ];
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <AdminContext
            authProvider={authProvider}
            dataProvider={dataProvider}
            i18nProvider={i18nProvider}
            store={store}
            basename="/admin"
          >
            <main>
              <Routes>
                {screens.map(([path, element]) => (
                  <Route key={path} path={`/admin/${path}`} element={<Suspense>{element}</Suspense>} />
                ))}
                <Route path="*" element={null} />
              </Routes>
            </main>
            <CurrentLocation />
            <ToastNotification />
            <ToastContainer position="top-center" theme="dark" autoClose={5000} />
          </AdminContext>
        ),
      },
    ],
    { initialEntries: [entry] },
  );
  const user = userEvent.setup();
  const view = render(<RouterProvider router={router} />);
  return { ...view, user, authProvider, dataProvider, router };
}

/**
 * One component alone (not a whole screen), in react-admin's AdminContext over the real providers and
 * the fake fetch, in a data router at /admin/, with toasts shown as the panel shows them.
 */
export function renderAlone(element: ReactElement, { locale }: { locale?: 'en' | 'sr' } = {}) {
  const authProvider = createAuthProvider(httpClient);
  const dataProvider = createDataProvider(httpClient);
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <AdminContext
            authProvider={authProvider}
            dataProvider={dataProvider}
            i18nProvider={i18nProvider}
            store={memoryStore({ locale: locale ?? 'en' })}
            basename="/admin"
          >
            {element}
            <ToastNotification />
            <ToastContainer position="top-center" theme="dark" autoClose={5000} />
          </AdminContext>
        ),
      },
    ],
    { initialEntries: ['/admin/'] },
  );
  const user = userEvent.setup();
  return { ...render(<RouterProvider router={router} />), user };
}
