import { CssBaseline, ThemeProvider, createTheme } from '@mui/material';
import { type ReactNode, Suspense } from 'react';
import { theme } from './theme';

/** The panel's look for the pages outside <Admin> (which themes its own), and for the static login
 *  page the build renders (login/shell.tsx). */
export const pageTheme = createTheme(theme);

export const Themed = ({ children }: { children: ReactNode }) => (
  <ThemeProvider theme={pageTheme}>
    <CssBaseline />
    <Suspense>{children}</Suspense>
  </ThemeProvider>
);
