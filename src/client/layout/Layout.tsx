import type { ReactNode } from 'react';
import { Layout as RaLayout } from 'react-admin';
import { Footer } from './Footer';
import { Header } from './Header';
import { MaintenanceBanner } from './MaintenanceBanner';
import { Menu } from './Menu';

export function Layout({ children }: { children: ReactNode }) {
  return (
    <RaLayout appBar={Header} menu={Menu}>
      <MaintenanceBanner />
      {children}
      <Footer />
    </RaLayout>
  );
}
