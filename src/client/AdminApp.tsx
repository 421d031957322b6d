import { CssBaseline } from '@mui/material';
import {
  AccessDenied,
  AdminContext,
  AuthenticationError,
  CoreAdminUI,
  CustomRoutes,
  Error as ErrorPage,
  LoadingPage,
  NotFound,
  Resource,
} from 'react-admin';
import { Route } from 'react-router-dom';
import { ToastContainer } from 'react-toastify';
import { QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import bands from './bands';
import { adminOnly } from './components/AdminOnly';
import { lazyScreen } from './components/lazyScreen';
import gigs from './gigs';
import { i18nProvider } from './i18n';
import { useStartingLanguage } from './i18n/usePageLanguage';
import { Layout } from './layout/Layout';
import { theme } from './layout/theme';
import { createDataProvider } from './providers/dataProvider';
import { httpClient } from './providers/httpClient';
import { type PanelProviders, store } from './providers/panelStore';
import { ToastNotification } from './layout/ToastNotification';
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
const InsightsPage = lazyScreen(() => import('./insights/InsightsPage'), 'InsightsPage');
const ActivityLog = lazyScreen(() => import('./history/ActivityLog'), 'ActivityLog');

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
  insights: InsightsPage,
  administration: adminOnly(AdministrationHub),
  status: adminOnly(StatusPage),
  logs: adminOnly(LogsPage),
  settings: adminOnly(SettingsPage),
  // Issue 28: a react-admin List of the "activity" resource (providers/historyApi.ts).
  activity: adminOnly(ActivityLog),
};

/** The six resources, each with its list at /admin/<name>. */
export const RESOURCES = { songs, performers, playlists, gigs, users, bands };

/** An address the panel does not have: react-admin's own page. */
const CatchAll = () => <NotFound />;

/** A failed load says so at once, with Retry, rather than retrying for seconds behind a spinner. */
const newQueryClient = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });

/** The panel under /admin (spec §2): six resources, and the spec's add and edit URLs. */
export function AdminApp({ authProvider, dataProvider }: PanelProviders) {
  // One per panel mounted (the tests mount several, one after another).
  const [queryClient] = useState(newQueryClient);
  // The panel starts in the language the other pages start in: a first-time Serbian user reads
  // Serbian (docs/decisions.md, issue 26); react-admin's store keeps what the menu chooses.
  const ready = useStartingLanguage();
  if (!ready) return null;
  // react-admin's <Admin> is AdminContext and AdminUI; AdminUI's defaults would bring its own login
  // form (react-hook-form) and notifications into every screen's download. Encore has its own of
  // both, so the panel is built from the same two parts with its own pages named.
  return (
    <AdminContext
      basename="/admin"
      authProvider={authProvider}
      dataProvider={dataProvider}
      i18nProvider={i18nProvider}
      store={store}
      queryClient={queryClient}
      theme={theme}
    >
      <CssBaseline enableColorScheme />
      <CoreAdminUI
        // The login page lives outside the panel (login/LoginScreen.tsx), so that it loads without
        // it; react-admin still sends signed-out users to /admin/login, which App routes there.
        loginPage={false}
        dashboard={Dashboard}
        layout={Layout}
        catchAll={CatchAll}
        loading={LoadingPage}
        error={ErrorPage}
        accessDenied={AccessDenied}
        authenticationError={AuthenticationError}
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
      </CoreAdminUI>
      <ToastNotification />
    </AdminContext>
  );
}

/** The running panel, loaded after sign-in with its data provider (tests build their own). */
const dataProvider = createDataProvider(httpClient);
export default function RunningPanel({ authProvider }: Pick<PanelProviders, 'authProvider'>) {
  return (
    <>
      <AdminApp authProvider={authProvider} dataProvider={dataProvider} />
      {/* The panel's toasts (layout/ToastNotification.tsx); the login page and the live pages have none. */}
      <ToastContainer position="top-center" theme="dark" autoClose={5000} />
    </>
  );
}
