import { Themed } from '../layout/Themed';
import type { PanelProviders } from '../providers/panelStore';
import { LoginPage } from './LoginPage';

/**
 * The login page on its own, outside <Admin> (issue 25, point 3): the sign-in form, its language
 * menu and the panel's look, without react-admin's screens and layout, which load after sign-in.
 */
export function LoginScreen({ authProvider }: Pick<PanelProviders, 'authProvider'>) {
  return (
    <Themed>
      <LoginPage authProvider={authProvider} />
    </Themed>
  );
}
