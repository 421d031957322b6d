import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * After a move to another screen, keyboard and screen reader users start at the new screen's heading
 * (its h1) rather than at the top of the page, 40 Tabs from what they came for. The heading may come
 * later than the screen (a lazy screen's code, an edit screen's record): it is waited for, until the
 * user presses a key or the pointer meanwhile. A page load keeps the browser's start (the skip link).
 */
export function useHeadingFocus() {
  const { pathname } = useLocation();
  const loaded = useRef(false);
  useEffect(() => {
    if (!loaded.current) {
      loaded.current = true;
      return;
    }
    const main = document.getElementById('main-content');
    if (!main) return;
    /** Whether the heading took focus. A screen hidden while the next one loads may still hold its
     *  heading, which cannot: the first that can. */
    const focusHeading = () =>
      [...main.querySelectorAll<HTMLElement>('h1')].some((heading) => {
        if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
        heading.focus({ preventScroll: true });
        return document.activeElement === heading;
      });
    if (focusHeading()) return;
    const observer = new MutationObserver(() => {
      if (focusHeading()) stop();
    });
    const stop = () => {
      observer.disconnect();
      window.removeEventListener('keydown', stop, true);
      window.removeEventListener('pointerdown', stop, true);
    };
    observer.observe(main, { childList: true, subtree: true });
    window.addEventListener('keydown', stop, true);
    window.addEventListener('pointerdown', stop, true);
    return stop;
  }, [pathname]);
}
