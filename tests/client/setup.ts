import '@testing-library/jest-dom/vitest';
import { afterEach, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// The panel fetches /sanctum/csrf-cookie and waits 100 ms before its first call (spec §7), the tests
// use real timers, and the first render of the whole panel in jsdom takes seconds on a 2-core machine
// busy with the server tests: give findBy*/waitFor room for that. (A bound on waiting, not a speed check.)
configure({ asyncUtilTimeout: 20_000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0].trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
