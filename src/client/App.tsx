import { createBrowserRouter, Navigate, RouterProvider } from 'react-router-dom';
import { Suspense, useState } from 'react';
import { lazyScreen } from './components/lazyScreen';
import { PageError } from './layout/PageError';
import { Themed } from './layout/Themed';
import { LoginScreen } from './login/LoginScreen';
import type { PanelProviders } from './providers/panelStore';

type Props = Pick<PanelProviders, 'authProvider'>;

// The panel (react-admin and every screen) loads after sign-in: the login page a phone opens first
// carries only the sign-in form (issue 25, point 3).
const AdminApp = lazyScreen(() => import('./AdminApp'), 'default');
const ViewerPage = lazyScreen(() => import('./live/ViewerPage'), 'ViewerPage');
const BandPage = lazyScreen(() => import('./live/band/BandPage'), 'BandPage');

/** Every page of the single-page app, for a data router (which the editor's unsaved-changes
 *  warning needs). */
function appRoutes(props: Props) {
  const pages = [
    { path: '/admin/login', element: <LoginScreen {...props} /> },
    {
      path: '/admin/*',
      element: (
        <Suspense>
          <AdminApp {...props} />
        </Suspense>
      ),
    },
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
  ];
  return pages.map((page) => ({ ...page, errorElement: <PageError /> }));
}

export function App(props: Props) {
  const [router] = useState(() => createBrowserRouter(appRoutes(props)));
  return <RouterProvider router={router} />;
}
