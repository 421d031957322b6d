import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { usePermissionsOf } from '../providers/identity';
import { useStoredUser } from '../providers/userStore';

/**
 * Keeps the panel on its live topic while it is open (issue 28, point 2): bandmates' changes
 * refresh the lists, and edit screens show who else is there.
 */
export function PanelLive() {
  const queryClient = useQueryClient();
  const session = useStoredUser()?.token;
  const { role, isViewer } = usePermissionsOf();
  const allowed = role !== null && !isViewer;
  useEffect(() => {
    if (!session || !allowed) return;
    let stop: (() => void) | undefined;
    let gone = false;
    // A chunk of its own: the first screen does not wait for it.
    void import('./panelLive').then(({ followPanel }) => {
      if (!gone) stop = followPanel(queryClient, session);
    });
    return () => {
      gone = true;
      stop?.();
    };
  }, [queryClient, session, allowed]);
  return null;
}
