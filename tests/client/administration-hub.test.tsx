import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BAND_ADMIN, fakeFetch, json, renderScreen, signIn, SYSTEM_ADMIN } from './helpers';

function open(user: typeof SYSTEM_ADMIN) {
  signIn(user);
  fakeFetch({ 'GET /api/user': json(200, user) });
  return renderScreen('/admin/administration');
}

describe('System Administration hub (spec §2)', () => {
  it('shows the five cards linking to their screens and the Quick System Info with the API docs', async () => {
    open(SYSTEM_ADMIN);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'System Administration' }),
    ).toBeInTheDocument();
    const links: [string, string][] = [
      ['Manage Users', '/admin/users'],
      ['Manage Bands', '/admin/bands'],
      ['System Settings', '/admin/settings'],
      ['System Logs', '/admin/logs'],
      ['System Status', '/admin/status'],
    ];
    for (const [name, href] of links) {
      const heading = screen.getByRole('heading', { level: 2, name });
      expect(heading.closest('a')).toHaveAttribute('href', href);
    }
    expect(screen.getByRole('heading', { name: 'Quick System Info' })).toBeInTheDocument();
    expect(screen.getByText('Application: Encore')).toBeInTheDocument();
    expect(screen.getByText('Version: 1.0.0')).toBeInTheDocument();
    expect(screen.getByText('Environment: Production')).toBeInTheDocument();
    // The server's browsable API documentation, a page outside the panel.
    expect(screen.getByRole('link', { name: 'API documentation' })).toHaveAttribute('href', '/api/docs');
  });

  it('shows other roles a plain refusal instead', async () => {
    open(BAND_ADMIN);
    expect(await screen.findByText(/You are not allowed to see this page/)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'System Administration' })).not.toBeInTheDocument();
  });
});
