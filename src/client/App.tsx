import {
  Admin,
  type AuthProvider,
  CustomRoutes,
  type DataProvider,
  localStorageStore,
  Resource,
} from 'react-admin';
import { createBrowserRouter, Navigate, Outlet, Route, RouterProvider } from 'react-router-dom';
import { ToastContainer } from 'react-toastify';
import { QueryClient } from '@tanstack/react-query';
import { CssBaseline, ThemeProvider, createTheme } from '@mui/material';
import { type ReactNode, Suspense, useState } from 'react';
import bands from './bands';
import { adminOnly } from './components/AdminOnly';
import { lazyScreen } from './components/lazyScreen';
import gigs from './gigs';
import { i18nProvider } from './i18n';
import { Layout } from './layout/Layout';
import { theme } from './layout/theme';
import { ToastNotification } from './layout/ToastNotification';
import { LoginPage } from './login/LoginPage';
import performers from './performers';
import playlists from './playlists';
import songs from './songs';
import users from './users';

const Dashboard = lazyScreen(() => import('./dashboard/Dashboard'), 'Dashboard');
const SongImport = lazyScreen(() => import('./songs/SongImport'), 'SongImport');
const AdministrationHub = lazyScreen(() => import('./system/AdministrationHub'), 'AdministrationHub');
const StatusPage = lazyScreen(() => import('./system/StatusPage'), 'StatusPage');
const LogsPage = lazyScreen(() => import('./system/LogsPage'), 'LogsPage');
const SettingsPage = lazyScreen(() => import('./system/SettingsPage'), 'SettingsPage');
const ViewerPage = lazyScreen(() => import('./live/ViewerPage'), 'ViewerPage');
const BandPage = lazyScreen(() => import('./live/band/BandPage'), 'BandPage');

/** The screens at the spec's own URLs under /admin, beside the resources' lists. */
export const SCREENS = {
  addsong: songs.create,
  importsongs: SongImport,
  'song/:id': songs.edit,
  addperformer: performers.create,
  'performer/:id': performers.edit,
  addplaylist: playlists.create,
  'playlist/:id': playlists.edit,
  addgig: gigs.create,
  'gig/:id': gigs.edit,
  administration: adminOnly(AdministrationHub),
  status: adminOnly(StatusPage),
  logs: adminOnly(LogsPage),
  settings: adminOnly(SettingsPage),
};

/** The six resources, each with its list at /admin/<name>. */
export const RESOURCES = { songs, performers, playlists, gigs, users, bands };

/** react-admin's store in localStorage, except that signing out keeps the chosen language. */
function panelStore() {
  const store = localStorageStore(undefined, 'encore');
  return {
    ...store,
    reset() {
      const locale = store.getItem<string>('locale');
      store.reset();
      if (locale) store.setItem('locale', locale);
    },
  };
}
const store = panelStore();

/** A failed load says so at once, with Retry, rather than retrying for seconds behind a spinner. */
const newQueryClient = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });

interface Props {
  authProvider: AuthProvider;
  dataProvider: DataProvider;
}

/** The panel under /admin (spec §2): six resources, and the spec's add and edit URLs. */
export function AdminApp({ authProvider, dataProvider }: Props) {
  // One per panel mounted (the tests mount several, one after another).
  const [queryClient] = useState(newQueryClient);
  return (
    <Admin
      basename="/admin"
      authProvider={authProvider}
      dataProvider={dataProvider}
      i18nProvider={i18nProvider}
      store={store}
      queryClient={queryClient}
      loginPage={LoginPage}
      dashboard={Dashboard}
      layout={Layout}
      theme={theme}
      notification={ToastNotification}
      title="Encore"
      requireAuth
      disableTelemetry
    >
      {Object.entries(RESOURCES).map(([name, resource]) => (
        <Resource key={name} name={name} list={resource.list} icon={resource.icon} />
      ))}
      {/* The spec's add and edit routes (spec §2), rather than react-admin's /songs/create. */}
      <CustomRoutes>
        {Object.entries(SCREENS).map(([path, Screen]) => (
          <Route key={path} path={path} element={<Screen />} />
        ))}
      </CustomRoutes>
    </Admin>
  );
}

/** The panel's look for the pages outside <Admin> (which themes its own). */
const pageTheme = createTheme(theme);
const Themed = ({ children }: { children: ReactNode }) => (
  <ThemeProvider theme={pageTheme}>
    <CssBaseline />
    <Suspense>{children}</Suspense>
  </ThemeProvider>
);

/** Every page of the single-page app, for a data router (which the editor's unsaved-changes
 *  warning needs). */
function appRoutes(props: Props) {
  return [
    {
      element: (
        <>
          <Outlet />
          <ToastContainer position="top-center" theme="dark" autoClose={5000} />
        </>
      ),
      children: [
        { path: '/admin/*', element: <AdminApp {...props} /> },
        {
          path: '/viewer/*',
          element: (
            <Themed>
              <ViewerPage authProvider={props.authProvider} />
            </Themed>
          ),
        },
        {
          path: '/band/:token',
          element: (
            <Themed>
              <BandPage />
            </Themed>
          ),
        },
        { path: '*', element: <Navigate to="/admin/" replace /> },
      ],
    },
  ];
}

export function App(props: Props) {
  const [router] = useState(() => createBrowserRouter(appRoutes(props)));
  return <RouterProvider router={router} />;
}
