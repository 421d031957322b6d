/**
 * The band page and the audience page keep themselves for offline use (issue 27, point 5): they
 * register Workbox's service worker (generated at build time by vite-plugin-pwa; its caching rules in
 * caching.ts) and link their web manifest, so that they install as apps. No library: the audience
 * page's bundle stays small.
 */

/** Links the page's web manifest (public/*.webmanifest); the panel's index.html links none. */
export function linkManifest(href: string) {
  if (document.querySelector(`link[rel="manifest"][href="${href}"]`)) return;
  const link = document.createElement('link');
  link.rel = 'manifest';
  link.href = href;
  document.head.appendChild(link);
}

/** The same-origin files this page loaded before the service worker saw them (its first visit). */
function loadedFiles(): string[] {
  const files = performance
    .getEntriesByType('resource')
    .map((entry) => new URL(entry.name))
    .filter(
      (url) => url.origin === location.origin && /^\/(assets|uploads)\/|\.(png|svg)$/.test(url.pathname),
    )
    .map((url) => url.href);
  return [location.href, ...new Set(files)];
}

/** Asks the service worker to keep these URLs (Workbox's CACHE_URLS message); resolves when kept. */
export function keepUrls(worker: ServiceWorker, urls: string[]): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    worker.postMessage({ type: 'CACHE_URLS', payload: { urlsToCache: urls } }, [channel.port2]);
  });
}

let controlled: Promise<boolean> | undefined;

/**
 * Registers the service worker once per page and resolves true when it controls the page and holds
 * what the page has loaded so far; false where there is none (an old browser, plain http other than
 * localhost, the dev server, tests).
 */
export function keepPageOffline(): Promise<boolean> {
  controlled ??= (async () => {
    if (!import.meta.env.PROD || !('serviceWorker' in navigator) || !window.isSecureContext) return false;
    try {
      // Its scope is the whole site: a PDF shown in the stage view's frame is a page of its own,
      // under /uploads/, and must be served offline too. The panel's pages match no caching rule.
      await navigator.serviceWorker.register('/sw.js', { scope: '/' });
      const registration = await navigator.serviceWorker.ready;
      // clientsClaim(): the new worker takes this page over as it activates.
      if (!navigator.serviceWorker.controller) {
        await new Promise((resolve) =>
          navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }),
        );
      }
      await keepUrls(registration.active!, loadedFiles());
      return true;
    } catch {
      return false; // storage refused (a private window): the page works online as before
    }
  })();
  return controlled;
}
