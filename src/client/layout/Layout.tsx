import { type ReactNode, useState } from 'react';
import { Layout as RaLayout } from 'react-admin';
import { Footer } from './Footer';
import { Header } from './Header';
import { MaintenanceBanner } from './MaintenanceBanner';
import { Menu } from './Menu';
import { PanelLive } from '../together/PanelLive';
import { RetryScreen, ScreenError } from './ScreenError';
import { useHeadingFocus } from './useHeadingFocus';

export function Layout({ children }: { children: ReactNode }) {
  // Retry on the error page renders the layout anew, and with it a fresh error boundary.
  const [attempt, setAttempt] = useState(0);
  useHeadingFocus();
  return (
    <RetryScreen.Provider value={() => setAttempt((n) => n + 1)}>
      {/* react-admin's layout is at least as wide as its content (min-width: fit-content): on a phone
          that widens the page past the screen; the screens fit themselves to the width instead. */}
      <RaLayout
        key={attempt}
        appBar={Header}
        menu={Menu}
        error={ScreenError}
        sx={{ minWidth: 0, '& .RaLayout-content': { minWidth: 0 } }}
      >
        <MaintenanceBanner />
        <PanelLive />
        {children}
        <Footer />
      </RaLayout>
    </RetryScreen.Provider>
  );
}
