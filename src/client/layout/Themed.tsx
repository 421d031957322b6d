import { CssBaseline, ThemeProvider, createTheme } from '@mui/material';
import { type ReactNode, Suspense } from 'react';
import { theme } from './theme';

/** The panel's look for the pages outside <Admin> (which themes its own). */
const pageTheme = createTheme(theme);

export const Themed = ({ children }: { children: ReactNode }) => (
  <ThemeProvider theme={pageTheme}>
    <CssBaseline />
    <Suspense>{children}</Suspense>
  </ThemeProvider>
);
