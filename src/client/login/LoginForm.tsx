import { Alert, Box, Button, Card, CardContent, TextField, Typography } from '@mui/material';
import type { FormEvent } from 'react';
import { LanguageMenu } from '../components/LanguageMenu';

export type LoginField = 'email' | 'password';

export interface LoginFormProps {
  translate: (key: string, options?: Record<string, unknown>) => string;
  locale: string;
  locales: { locale: string; name: string }[];
  onLanguage: (locale: string) => void;
  /** The static form's menu, which cannot open before the JavaScript has taken the form over. */
  languageDisabled?: boolean;
  values: Record<LoginField, string>;
  /** Each field's error, a message key. */
  fieldErrors: Partial<Record<LoginField, string>>;
  /** Why the user was signed out (a message key), shown until an error replaces it. */
  reason?: string;
  /** The form's error: a message key, or the server's message as written. */
  error?: string;
  loading: boolean;
  /** The field the cursor goes to; the email field on a fresh page, none (null) where the login
   *  page puts it back where it was in the static form. */
  focus?: LoginField | null;
  onChange: (field: LoginField, value: string) => void;
  onBlur: (field: LoginField) => void;
  onSubmit: (event: FormEvent) => void;
}

/**
 * The sign-in form as it looks, without its logic (LoginPage.tsx): the page renders it, and so does
 * the build, into the static login page a phone paints before the JavaScript arrives (login/shell.tsx).
 * The fields' ids are fixed so that the static page's labels name the same fields.
 */
export function LoginForm(props: LoginFormProps) {
  const { translate, values, fieldErrors, reason, error, focus = 'email' } = props;
  return (
    <Box
      component="main"
      sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', bgcolor: 'grey.100', p: 2 }}
    >
      <Card sx={{ width: '100%', maxWidth: 400 }}>
        <CardContent>
          <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
            <LanguageMenu
              locale={props.locale}
              locales={props.locales}
              onChange={props.onLanguage}
              disabled={props.languageDisabled}
            />
          </Box>
          <Typography variant="h4" component="h1" align="center" gutterBottom>
            {translate('login.title')}
          </Typography>
          {/* post: should the static form (login/shell.tsx) ever submit without its script, the
              password is not put in the address. */}
          <Box
            component="form"
            method="post"
            noValidate
            onSubmit={props.onSubmit}
            sx={{ display: 'grid', gap: 2 }}
          >
            {reason && !error && <Alert severity="warning">{translate(reason)}</Alert>}
            {error && (
              <Alert severity="error" role="alert">
                {translate(error, { _: error })}
              </Alert>
            )}
            <TextField
              id="login-email"
              label={translate('login.email')}
              variant="outlined"
              type="email"
              name="email"
              autoComplete="username"
              autoFocus={focus === 'email'}
              value={values.email}
              onChange={(e) => props.onChange('email', e.target.value)}
              onBlur={() => props.onBlur('email')}
              error={Boolean(fieldErrors.email)}
              helperText={fieldErrors.email && translate(fieldErrors.email)}
            />
            <TextField
              id="login-password"
              label={translate('login.password')}
              variant="outlined"
              type="password"
              name="password"
              autoComplete="current-password"
              autoFocus={focus === 'password'}
              value={values.password}
              onChange={(e) => props.onChange('password', e.target.value)}
              onBlur={() => props.onBlur('password')}
              error={Boolean(fieldErrors.password)}
              helperText={fieldErrors.password && translate(fieldErrors.password)}
            />
            <Button type="submit" variant="contained" size="large" disabled={props.loading}>
              {translate(props.loading ? 'login.signing_in' : 'login.submit')}
            </Button>
          </Box>
        </CardContent>
      </Card>
    </Box>
  );
}
