import type { ReactNode } from 'react';
import { Layout as RaLayout } from 'react-admin';
import { Footer } from './Footer';
import { Header } from './Header';
import { MaintenanceBanner } from './MaintenanceBanner';
import { Menu } from './Menu';

export function Layout({ children }: { children: ReactNode }) {
  return (
    // react-admin's layout is at least as wide as its content (min-width: fit-content): on a phone
    // that widens the page past the screen; the screens fit themselves to the width instead.
    <RaLayout appBar={Header} menu={Menu} sx={{ minWidth: 0, '& .RaLayout-content': { minWidth: 0 } }}>
      <MaintenanceBanner />
      {children}
      <Footer />
    </RaLayout>
  );
}
