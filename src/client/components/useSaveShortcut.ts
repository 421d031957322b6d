import { type RefObject, useEffect } from 'react';

/** The Mac's keys are ⌘ rather than Ctrl. */
const mac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

/** The shortcut as the user's keyboard names it, and as aria-keyshortcuts does. */
export const SAVE_KEYS = mac ? { shown: '⌘S', aria: 'Meta+S' } : { shown: 'Ctrl+S', aria: 'Control+S' };

/**
 * Ctrl+S (⌘S on a Mac) presses the form's save button, wherever focus is on the page, instead of
 * opening the browser's Save Page dialog: the playlist editor's Update is many Tabs away. A disabled
 * button (read-only, or a save under way) ignores the click, as it does a mouse's.
 */
export function useSaveShortcut(button: RefObject<HTMLButtonElement | null>) {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() !== 's' || !(event.ctrlKey || event.metaKey)) return;
      if (event.altKey || event.shiftKey) return;
      event.preventDefault();
      if (!event.repeat) button.current?.click();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [button]);
}
