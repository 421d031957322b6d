import { Admin, type AuthProvider, CustomRoutes, type DataProvider, Resource } from 'react-admin';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import { ToastContainer } from 'react-toastify';
import { CssBaseline, ThemeProvider, createTheme } from '@mui/material';
import type { ReactNode } from 'react';
import { BandPage } from './live/band/BandPage';
import bands from './bands';
import { Dashboard } from './dashboard/Dashboard';
import { Layout } from './layout/Layout';
import { theme } from './layout/theme';
import { ToastNotification } from './layout/ToastNotification';
import { ViewerPage } from './live/ViewerPage';
import { LoginPage } from './login/LoginPage';
import gigs from './gigs';
import performers from './performers';
import playlists from './playlists';
import songs from './songs';
import { SongImport } from './songs/SongImport';
import users from './users';
import { AdministrationHub } from './system/AdministrationHub';
import { LogsPage } from './system/LogsPage';
import { SettingsPage } from './system/SettingsPage';
import { StatusPage } from './system/StatusPage';
import { i18nProvider } from './providers/i18n';

interface Props {
  authProvider: AuthProvider;
  dataProvider: DataProvider;
}

/** The panel under /admin (spec §2). */
export function AdminApp({ authProvider, dataProvider }: Props) {
  return (
    <Admin
      basename="/admin"
      authProvider={authProvider}
      dataProvider={dataProvider}
      i18nProvider={i18nProvider}
      loginPage={LoginPage}
      dashboard={Dashboard}
      layout={Layout}
      theme={theme}
      notification={ToastNotification}
      requireAuth
      disableTelemetry
    >
      <Resource name="songs" list={songs.list} icon={songs.icon} />
      <Resource name="performers" list={performers.list} icon={performers.icon} />
      <Resource name="playlists" list={playlists.list} icon={playlists.icon} />
      <Resource name="gigs" list={gigs.list} icon={gigs.icon} />
      {/* The spec's add and edit routes (spec §2), rather than react-admin's /songs/create. */}
      <CustomRoutes>
        <Route path="addsong" element={<songs.create />} />
        <Route path="importsongs" element={<SongImport />} />
        <Route path="song/:id" element={<songs.edit />} />
        <Route path="addperformer" element={<performers.create />} />
        <Route path="performer/:id" element={<performers.edit />} />
        <Route path="addplaylist" element={<playlists.create />} />
        <Route path="playlist/:id" element={<playlists.edit />} />
        <Route path="addgig" element={<gigs.create />} />
        <Route path="gig/:id" element={<gigs.edit />} />
        <Route path="administration" element={<AdministrationHub />} />
        <Route path="status" element={<StatusPage />} />
        <Route path="logs" element={<LogsPage />} />
        <Route path="settings" element={<SettingsPage />} />
        <Route path="users" element={<users.list />} />
        <Route path="bands" element={<bands.list />} />
      </CustomRoutes>
    </Admin>
  );
}

/** The panel's look for the pages outside <Admin> (which themes its own). */
const pageTheme = createTheme(theme);
const Themed = ({ children }: { children: ReactNode }) => (
  <ThemeProvider theme={pageTheme}>
    <CssBaseline />
    {children}
  </ThemeProvider>
);

export function App(props: Props) {
  return (
    <BrowserRouter>
      <Routes>
        <Route path="/admin/*" element={<AdminApp {...props} />} />
        <Route
          path="/viewer/*"
          element={
            <Themed>
              <ViewerPage authProvider={props.authProvider} />
            </Themed>
          }
        />
        <Route
          path="/band/:token"
          element={
            <Themed>
              <BandPage />
            </Themed>
          }
        />
        <Route path="*" element={<Navigate to="/admin/" replace />} />
      </Routes>
      <ToastContainer position="top-center" theme="dark" autoClose={5000} />
    </BrowserRouter>
  );
}
