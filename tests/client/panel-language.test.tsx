/**
 * The language the panel opens in where none was chosen in it (issue 26, point 1): the one chosen on
 * another page, else the device's, as the live pages do (docs/decisions.md); the menu still switches.
 */
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BAND_ADMIN, DASHBOARD, fakeFetch, json, renderApp, signIn } from './helpers';
import { chooseInPanel, deviceLanguages } from './page-language';

/** The signed-in panel on the dashboard, opened straight at /admin/ (a session from before). */
function openPanel() {
  signIn(BAND_ADMIN);
  fakeFetch({
    'GET /api/user': json(200, BAND_ADMIN),
    'GET /api/admin/dashboard': json(200, { data: DASHBOARD }),
  });
  return renderApp('/admin/');
}

describe('the language the panel opens in', () => {
  it('is the device’s where none was chosen: Serbian for a Serbian browser', async () => {
    deviceLanguages(['sr-RS', 'en']);
    openPanel();
    expect(await screen.findByRole('menuitem', { name: 'Početna' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Srpski' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('sr-Latn');
    // The device's language is no choice: none is stored for the other pages.
    expect(localStorage.getItem('encore-lang')).toBeNull();
    expect(localStorage.getItem('RaStoreencore.locale')).toBeNull();
  });

  it('is English for a browser in a language it does not speak', async () => {
    deviceLanguages(['de-DE']);
    openPanel();
    expect(await screen.findByRole('menuitem', { name: 'Home' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'English' })).toBeInTheDocument();
  });

  it('is the one chosen in the panel over the device’s', async () => {
    deviceLanguages(['sr-RS']);
    chooseInPanel('en');
    openPanel();
    expect(await screen.findByRole('menuitem', { name: 'Home' })).toBeInTheDocument();
  });

  it('is the one last chosen on another page (the audience page’s switch), in Cyrillic too', async () => {
    deviceLanguages(['en-US']);
    localStorage.setItem('encore-lang', 'sr-Cyrl');
    openPanel();
    expect(await screen.findByRole('menuitem', { name: 'Почетна' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('sr-Cyrl');
  });

  it('switches with the menu, and keeps the choice', async () => {
    deviceLanguages(['sr-RS']);
    const { user } = openPanel();
    await user.click(await screen.findByRole('button', { name: 'Srpski' }));
    await user.click(screen.getByRole('menuitem', { name: 'English' }));
    expect(await screen.findByRole('menuitem', { name: 'Home' })).toBeInTheDocument();
    expect(localStorage.getItem('RaStoreencore.locale')).toBe(JSON.stringify('en'));
    expect(localStorage.getItem('encore-lang')).toBe('en');
  });
});
