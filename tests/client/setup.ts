import '@testing-library/jest-dom/vitest';
import { afterEach, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { addEnglish, i18nProvider } from '../../src/client/i18n';
import { SCREENS_ENGLISH } from '../../src/client/i18n/screens';
import { stopFollowingAll } from '../../src/client/live/liveSocket';
import { forgetCsrf } from '../../src/client/providers/httpClient';
import { reportMaintenance } from '../../src/client/providers/maintenance';

// The panel fetches /sanctum/csrf-cookie and waits 100 ms before its first call (spec §7), the tests
// use real timers, and the first render of the whole panel in a simulated DOM takes seconds on a 2-core machine
// busy with the server tests: give findBy*/waitFor room for that. (A bound on waiting, not a speed check.)
configure({ asyncUtilTimeout: 20_000 });

// The screens that load on their own bring their English with their code (issue 25, point 3); the
// tests render their parts alone (a band page's queue item, a system card): every screen's English is
// there, as after the screens have loaded (i18n-screens.test.ts tests the adding itself).
for (const words of Object.values(SCREENS_ENGLISH)) addEnglish(words);

// No test reaches the network: a request no fake answers (one still in flight when its test ended,
// say) fails as it would offline, rather than going to whatever listens on localhost.
globalThis.fetch = () => Promise.reject(new TypeError('Failed to fetch'));

/** The address every test starts at (vitest's happy-dom default). */
const HOME = new URL('http://localhost:3000/');

// Test files share one module graph (isolate: false, for speed): start every test like a new page
// load, in English, with no CSRF cookie fetched yet and no maintenance reported.
afterEach(async () => {
  // A download's <a href="blob:…">.click() navigates happy-dom's window away (to the blob, then
  // about:blank): the next files' routers, cookies and relative URLs then fail at random, depending
  // on which file ran before in the worker. Every test starts at the page it would load.
  if (location.origin !== HOME.origin) {
    (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(HOME.href);
  }
  cleanup();
  // The live pages follow their gig until the page goes: a test that left one running would see
  // its reconnects reach the next test's fakes. A page booted after vi.resetModules() follows
  // through a fresh copy of liveSocket, the one the module registry now holds.
  stopFollowingAll();
  (await import('../../src/client/live/liveSocket')).stopFollowingAll();
  // The live pages are plain DOM that cleanup() does not know: take it away with what it set.
  document.body.replaceChildren();
  document.documentElement.removeAttribute('lang');
  document.title = '';
  forgetCsrf();
  reportMaintenance(null);
  if (i18nProvider.getLocale() !== 'en') await i18nProvider.changeLocale('en');
  localStorage.clear();
  sessionStorage.clear();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0].trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
