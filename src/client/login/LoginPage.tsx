import { Alert, Box, Button, Card, CardContent, TextField, Typography } from '@mui/material';
import { type FormEvent, useState } from 'react';
import { useLogin } from 'react-admin';
import { useLocation } from 'react-router-dom';
import { CONNECTION_ERROR, DEFAULT_AFTER_LOGIN } from '../providers/authProvider';
import { emailError, formError, passwordError } from './validation';

/** Spec §2 Login. After sign-in: the page the user came from, /admin/songs by default, /viewer for viewers. */
export function LoginPage() {
  const login = useLogin();
  const location = useLocation();
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
      await login({ email: email.trim(), password }, next);
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
          <Typography variant="h4" component="h1" align="center" gutterBottom>
            Encore Admin
          </Typography>
          <Box component="form" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 2 }}>
            {error && (
              <Alert severity="error" role="alert">
                {error}
              </Alert>
            )}
            <TextField
              label="Email"
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
              helperText={emailMessage}
            />
            <TextField
              label="Password"
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
              helperText={passwordMessage}
            />
            <Button type="submit" variant="contained" size="large" disabled={loading}>
              {loading ? 'Prijavljivanje...' : 'Login to Admin Panel'}
            </Button>
          </Box>
        </CardContent>
      </Card>
    </Box>
  );
}
