import { Admin, type AuthProvider, type DataProvider, Resource } from 'react-admin';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import { ToastContainer } from 'react-toastify';
import { Dashboard } from './dashboard/Dashboard';
import { Layout } from './layout/Layout';
import { theme } from './layout/theme';
import { ToastNotification } from './layout/ToastNotification';
import { ViewerPage } from './live/ViewerPage';
import { LoginPage } from './login/LoginPage';
import { i18nProvider } from './providers/i18n';

interface Props {
  authProvider: AuthProvider;
  dataProvider: DataProvider;
}

/** The panel under /admin (spec §2), with the resources of later screens declared by name. */
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
      <Resource name="songs" />
      <Resource name="performers" />
      <Resource name="playlists" />
      <Resource name="gigs" />
    </Admin>
  );
}

export function App(props: Props) {
  return (
    <BrowserRouter>
      <Routes>
        <Route path="/admin/*" element={<AdminApp {...props} />} />
        <Route path="/viewer/*" element={<ViewerPage />} />
        <Route path="*" element={<Navigate to="/admin/" replace />} />
      </Routes>
      <ToastContainer position="top-center" theme="dark" autoClose={5000} />
    </BrowserRouter>
  );
}
