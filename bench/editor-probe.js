// Runs in the page of bench/editor.ts (Playwright's addInitScript, before the panel's own code): it
// notes every long task, and times one input at a time from the input event to the first painted
// frame that shows its effect. Plain JavaScript, injected as it is, so no bundler helper is missing.
(() => {
  const bench = { longTasks: [], pending: null, onInput: null };
  window.__editorBench = bench;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      bench.longTasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });

  // Registered before the panel's own code (pangea's too), so the input's time is taken before
  // anything reacts to it.
  for (const type of ['keydown', 'mousemove', 'mouseup', 'click'])
    window.addEventListener(type, (event) => bench.onInput?.(event), true);

  const panel = () => document.querySelector('[data-testid="playlist-songs"]');
  /** The titles of the playlist's cards in the page, in page order. */
  const titles = () =>
    [...(panel()?.querySelectorAll('[data-rfd-drag-handle-draggable-id]') ?? [])].map(
      (handle) => handle.getAttribute('aria-label').split(',')[0],
    );
  const isClone = (element) => element.parentElement === document.body;

  /** What the input's effect looks like in the page. */
  const conditions = {
    // The editor is open: its playlist shows cards.
    opened: () => titles().length > 0,
    // A dragged card is over a new place: a card of the list (not the dragged clone) moves aside.
    shifted: (_args, mutations) =>
      mutations.some(
        (m) =>
          m.type === 'attributes' &&
          m.target.hasAttribute('data-rfd-draggable-id') &&
          !isClone(m.target) &&
          panel()?.contains(m.target),
      ),
    // The playlist's cards are in the new order: `moved` comes after `after`.
    reordered: ({ moved, after }) => {
      const shown = titles();
      return shown.includes(moved) && shown.indexOf(moved) > shown.indexOf(after) && shown.includes(after);
    },
  };

  const afterPaint = () =>
    new Promise((resolve) => requestAnimationFrame(() => setTimeout(() => resolve(performance.now()), 0)));

  /**
   * Waits for the next `inputType` event (key or mouse), then for `condition`; answers the input's
   * time (its event's timeStamp, when the browser received it), when the page first showed the
   * condition in its DOM, when that was painted, and for a mouse drop when pangea's drop animation
   * ended.
   */
  bench.arm = (name, inputType, condition, args = {}) => {
    const result = { name, input: NaN, dom: NaN, painted: NaN, animationEnd: NaN };
    bench.pending = new Promise((resolve) => {
      let observer;
      const check = (mutations) => {
        if (Number.isNaN(result.input) || !conditions[condition](args, mutations)) return;
        result.dom = performance.now();
        observer.disconnect();
        window.removeEventListener('transitionend', animationEnded, true);
        afterPaint().then((painted) => resolve({ ...result, painted }));
      };
      const animationEnded = (event) => {
        if (isClone(event.target) && event.propertyName === 'transform')
          result.animationEnd = performance.now();
      };
      bench.onInput = (event) => {
        if (event.type !== inputType) return;
        bench.onInput = null;
        result.input = event.timeStamp;
        // The effect may be done by the time this runs (a click handled in this very task).
        queueMicrotask(() => check([]));
      };
      window.addEventListener('transitionend', animationEnded, true);
      observer = new MutationObserver(check);
      observer.observe(document.body, {
        subtree: true,
        childList: true,
        attributes: true,
        attributeFilter: ['style'],
      });
    });
  };
})();
