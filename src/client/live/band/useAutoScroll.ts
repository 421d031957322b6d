import { type RefObject, useEffect } from 'react';

/**
 * Scrolls `box` from where it is to its end in the rest of `seconds` (issue 27: the song's duration
 * paces the chart) while `on`; the player may still scroll by hand, and it goes on from there.
 */
export function useAutoScroll(
  box: RefObject<HTMLElement | null>,
  seconds: number | null,
  on: boolean,
  onEnd: () => void,
) {
  useEffect(() => {
    const element = box.current;
    if (!on || !element || !seconds) return;
    // Pixels a second: the whole chart in the song's length.
    const speed = Math.max(element.scrollHeight - element.clientHeight, 0) / seconds;
    let position = element.scrollTop;
    let last = performance.now();
    let frame = requestAnimationFrame(function step(now) {
      // Scrolled by hand meanwhile: carry on from there.
      if (Math.abs(element.scrollTop - position) > 2) position = element.scrollTop;
      position += (speed * (now - last)) / 1000;
      last = now;
      element.scrollTop = position;
      if (position >= element.scrollHeight - element.clientHeight) return onEnd();
      frame = requestAnimationFrame(step);
    });
    return () => cancelAnimationFrame(frame);
  }, [box, seconds, on, onEnd]);
}
