import { useCallback, useEffect, useMemo, useState } from 'react';
import { runningOrder, type SetlistAnswer } from '../../../shared/running-order';
import { httpClient } from '../../providers/httpClient';
import { onSetlist } from '../liveSocket';

/**
 * The gig's running order on the band page (issue 27, point 3): read from the API, kept current by
 * the changes the live channel brings the band's pages, and read again whenever a whole queue came
 * (`snapshots`: after each (re)connect), since a change made while the page was away is not resent.
 */
export function useRunningOrder(token: string, snapshots: number) {
  const [answer, setAnswer] = useState<SetlistAnswer>();

  /** Takes a newer state (from the channel or an action's answer), never an older one. */
  const take = useCallback(
    (next: Omit<SetlistAnswer, 'set'> & { set?: SetlistAnswer['set'] }) =>
      setAnswer((current) => {
        if (current && next.version < current.version) return current;
        const set = next.set ?? current?.set;
        return set && { version: next.version, current: next.current, slots: next.slots, set };
      }),
    [],
  );

  const load = useCallback(async () => {
    try {
      const { json } = await httpClient<SetlistAnswer>(`/api/admin/live/${token}/setlist`);
      // A state read is as new as the version it carries: a set edited meanwhile comes with it.
      setAnswer((current) =>
        current && current.version > json.version ? { ...current, set: json.set } : json,
      );
    } catch {
      // The page shows the queue anyway; the next reconnect reads it again.
    }
  }, [token]);

  useEffect(() => {
    void load();
  }, [load, snapshots]);

  useEffect(() => onSetlist(token, take), [token, take]);

  const order = useMemo(() => (answer ? runningOrder(answer.set, answer.slots) : []), [answer]);
  return { answer, order, current: answer?.current ?? null, take, reload: load };
}
