import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { usePermissionsOf } from '../providers/identity';
import { useStoredUser } from '../providers/userStore';

/**
 * How long a hidden tab keeps its live connection. Each connection counts against the session's and
 * the band's limits (LIVE_MAX_PER_SESSION, LIVE_MAX_PER_BAND), which the band's tablet on stage
 * shares: a tab glanced away from keeps its place, one left in the background gives it back.
 */
export const HIDDEN_RELEASE_MS = 60_000;

/** Whether the page is shown, or was hidden less than `releaseMs` ago. */
function useShownRecently(releaseMs: number) {
  const [shown, setShown] = useState(true);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const changed = () => {
      clearTimeout(timer);
      if (document.visibilityState === 'hidden') timer = setTimeout(() => setShown(false), releaseMs);
      else setShown(true);
    };
    changed();
    document.addEventListener('visibilitychange', changed);
    return () => {
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', changed);
    };
  }, [releaseMs]);
  return shown;
}

/**
 * Keeps the panel on its live topic while it is open and shown (issue 28, point 2): bandmates'
 * changes refresh the lists, and edit screens show who else is there. A tab back from the
 * background joins again and reads its lists again (what changed meanwhile was not heard).
 */
export function PanelLive({ releaseAfterMs = HIDDEN_RELEASE_MS }: { releaseAfterMs?: number }) {
  const queryClient = useQueryClient();
  const session = useStoredUser()?.token;
  const { role, isViewer } = usePermissionsOf();
  const allowed = role !== null && !isViewer;
  const shown = useShownRecently(releaseAfterMs);
  const followed = useRef(false);
  useEffect(() => {
    if (!session || !allowed || !shown) return;
    let stop: (() => void) | undefined;
    let gone = false;
    const resumed = followed.current;
    followed.current = true;
    // A chunk of its own: the first screen does not wait for it.
    void import('./panelLive').then(({ followPanel }) => {
      if (!gone) stop = followPanel(queryClient, session, undefined, resumed);
    });
    return () => {
      gone = true;
      stop?.();
    };
  }, [queryClient, session, allowed, shown]);
  return null;
}
