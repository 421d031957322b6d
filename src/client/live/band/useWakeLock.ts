import { useEffect } from 'react';

/**
 * Keeps the screen on while `active` (issue 27: a chart open on the music stand), where the browser
 * has the Screen Wake Lock API; the lock is taken again when the page comes back into view (browsers
 * release it when it is hidden), and released when the chart closes.
 */
export function useWakeLock(active: boolean) {
  useEffect(() => {
    if (!active || !('wakeLock' in navigator)) return;
    let lock: WakeLockSentinel | undefined;
    let closed = false;
    const take = async () => {
      try {
        const taken = await navigator.wakeLock.request('screen');
        if (closed) await taken.release();
        else lock = taken;
      } catch {
        // Refused (battery saver, a hidden page): the screen sleeps as it would anyway.
      }
    };
    const onVisible = () => {
      if (document.visibilityState === 'visible' && (!lock || lock.released)) void take();
    };
    void take();
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      closed = true;
      document.removeEventListener('visibilitychange', onVisible);
      void lock?.release();
    };
  }, [active]);
}
