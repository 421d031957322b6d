import { type FormEvent, useEffect, useLayoutEffect, useState } from 'react';
import type { AuthProvider } from 'react-admin';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { CONNECTION_ERROR, DEFAULT_AFTER_LOGIN, signOutReason } from '../providers/authProvider';
import { usePageLanguage } from '../i18n/usePageLanguage';
import { type LoginField, LoginForm } from './LoginForm';
import { readShell, shellForm } from './shellStart';
import { emailError, formError, passwordError } from './validation';

/** Spec §2 Login. After sign-in: the page the user came from, /admin/songs by default, /viewer for
 *  viewers. Says why the user was signed out (an expired session, a refused action); a user already
 *  signed in goes to the panel. Takes over the static form the page was served with (what was typed
 *  in it, the field with the cursor, a press of Sign in). */
export function LoginPage({ authProvider }: { authProvider: AuthProvider }) {
  const { translate, locale, locales, choose } = usePageLanguage();
  const navigate = useNavigate();
  const location = useLocation();
  const [authenticated, setAuthenticated] = useState(false);
  useEffect(() => {
    let live = true;
    authProvider.checkAuth({}).then(
      () => live && setAuthenticated(true),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [authProvider]);
  const [shell] = useState(shellForm);
  const [reason] = useState(signOutReason);
  const [start] = useState(() => shell && readShell(shell));
  const [values, setValues] = useState(start?.values ?? { email: '', password: '' });
  // The static form as it is when this page replaces it (this page renders in slices, main.tsx,
  // while the user may go on typing): what was typed, and the cursor in the same field.
  useLayoutEffect(() => {
    if (!shell) return;
    const { values: typed, focus = start?.focus } = readShell(shell);
    setValues((v) => (v.email === typed.email && v.password === typed.password ? v : typed));
    if (focus) document.getElementById(`login-${focus}`)?.focus();
  }, [shell, start]);
  const [touched, setTouched] = useState({ email: false, password: false });
  const [error, setError] = useState<string>();
  const [loading, setLoading] = useState(false);

  const state = location.state as { nextPathname?: string; nextSearch?: string } | null;
  const next =
    state?.nextPathname && !state.nextPathname.endsWith('/login')
      ? state.nextPathname + (state.nextSearch ?? '')
      : DEFAULT_AFTER_LOGIN;

  const { email, password } = values;
  const fieldErrors = {
    email: touched.email ? emailError(email) : undefined,
    password: touched.password ? passwordError(password) : undefined,
  };

  async function signIn({ email, password }: Record<LoginField, string>) {
    setTouched({ email: true, password: true });
    const problem = formError(email, password);
    if (problem || passwordError(password)) {
      setError(problem);
      return;
    }
    setError(undefined);
    setLoading(true);
    try {
      const answer: { redirectTo?: string } | undefined = await authProvider.login({
        email: email.trim(),
        password,
      });
      navigate(answer?.redirectTo ?? next);
    } catch (e) {
      setError(e instanceof Error && e.message ? e.message : CONNECTION_ERROR);
      setLoading(false);
    }
  }

  // Sign in pressed in the static form before the JavaScript was here: done now, once.
  useEffect(() => {
    if (!shell?.hasAttribute('data-submitted')) return;
    shell.removeAttribute('data-submitted'); // once
    void signIn(readShell(shell).values);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [shell]);

  if (authenticated) return <Navigate to="/admin/" replace />;

  return (
    <LoginForm
      translate={translate}
      locale={locale}
      locales={locales}
      onLanguage={(l) => void choose(l)}
      values={values}
      fieldErrors={fieldErrors}
      reason={reason}
      error={error}
      loading={loading}
      focus={shell ? null : 'email'}
      onChange={(field: LoginField, value: string) => {
        setValues((v) => ({ ...v, [field]: value }));
        setError(undefined);
      }}
      onBlur={(field) => setTouched((t) => ({ ...t, [field]: true }))}
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        void signIn(values);
      }}
    />
  );
}
