import { Alert, Box, Button, Card, CardContent, TextField, Typography } from '@mui/material';
import { type FormEvent, useEffect, useState } from 'react';
import type { AuthProvider } from 'react-admin';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { CONNECTION_ERROR, DEFAULT_AFTER_LOGIN, signOutReason } from '../providers/authProvider';
import { LanguageMenu } from '../components/LanguageMenu';
import { usePageLanguage } from '../i18n/usePageLanguage';
import { emailError, formError, passwordError } from './validation';

/** Spec §2 Login. After sign-in: the page the user came from, /admin/songs by default, /viewer for
 *  viewers. Says why the user was signed out (an expired session, a refused action); a user already
 *  signed in goes to the panel. */
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
  const [reason] = useState(signOutReason);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [touched, setTouched] = useState({ email: false, password: false });
  const [error, setError] = useState<string>();
  const [loading, setLoading] = useState(false);

  const state = location.state as { nextPathname?: string; nextSearch?: string } | null;
  const next =
    state?.nextPathname && !state.nextPathname.endsWith('/login')
      ? state.nextPathname + (state.nextSearch ?? '')
      : DEFAULT_AFTER_LOGIN;

  const emailMessage = touched.email ? emailError(email) : undefined;
  const passwordMessage = touched.password ? passwordError(password) : undefined;

  if (authenticated) return <Navigate to="/admin/" replace />;

  async function submit(event: FormEvent) {
    event.preventDefault();
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

  return (
    <Box
      component="main"
      sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', bgcolor: 'grey.100', p: 2 }}
    >
      <Card sx={{ width: '100%', maxWidth: 400 }}>
        <CardContent>
          <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
            <LanguageMenu locale={locale} locales={locales} onChange={(l) => void choose(l)} />
          </Box>
          <Typography variant="h4" component="h1" align="center" gutterBottom>
            {translate('login.title')}
          </Typography>
          <Box component="form" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 2 }}>
            {reason && !error && <Alert severity="warning">{translate(reason)}</Alert>}
            {error && (
              <Alert severity="error" role="alert">
                {translate(error, { _: error })}
              </Alert>
            )}
            <TextField
              label={translate('login.email')}
              variant="outlined"
              type="email"
              name="email"
              autoComplete="username"
              autoFocus
              value={email}
              onChange={(e) => {
                setEmail(e.target.value);
                setError(undefined);
              }}
              onBlur={() => setTouched((t) => ({ ...t, email: true }))}
              error={Boolean(emailMessage)}
              helperText={emailMessage && translate(emailMessage)}
            />
            <TextField
              label={translate('login.password')}
              variant="outlined"
              type="password"
              name="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => {
                setPassword(e.target.value);
                setError(undefined);
              }}
              onBlur={() => setTouched((t) => ({ ...t, password: true }))}
              error={Boolean(passwordMessage)}
              helperText={passwordMessage && translate(passwordMessage)}
            />
            <Button type="submit" variant="contained" size="large" disabled={loading}>
              {translate(loading ? 'login.signing_in' : 'login.submit')}
            </Button>
          </Box>
        </CardContent>
      </Card>
    </Box>
  );
}
