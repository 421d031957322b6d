import { useCallback, useEffect, useRef, useState } from 'react';
import { httpClient } from '../../providers/httpClient';
import { followGig } from '../liveSocket';
import { chime } from './cue';
import type { LiveQueue } from './types';

export type LoadError = { status?: number; message: string };

/**
 * The gig's live queue: loaded from the API, kept current by the live channel, and reloaded from the
 * API after every reconnect so nothing missed while offline is lost.
 */
export function useLiveQueue(token: string) {
  const [data, setData] = useState<LiveQueue>();
  const [error, setError] = useState<LoadError>();
  const [online, setOnline] = useState(false);
  const [fresh, setFresh] = useState<number>();
  const notifications = useRef(false);

  const load = useCallback(async () => {
    try {
      const { json } = await httpClient<LiveQueue>(`/api/admin/live/${token}`);
      notifications.current = json.notifications;
      // A change that came over the socket while this was loading is newer than the answer.
      setData((current) => (current && current.version > json.version ? current : json));
      setError(undefined);
    } catch (failure) {
      const { status, message } = failure as { status?: number; message: string };
      setError({ status, message });
    }
  }, [token]);

  useEffect(() => {
    void load();
    const stop = followGig(token, {
      onQueue(live, change) {
        setData(
          (current) =>
            current && {
              ...current,
              version: live.version,
              queue: live.queue,
              gig: { ...current.gig, active: live.active },
            },
        );
        if (change?.kind === 'requested') {
          setFresh(change.song_id);
          if (notifications.current) chime();
        }
      },
      // After a reconnect or a missed event the API is the source of truth.
      onResync: () => void load(),
      onConnection: setOnline,
    });
    return stop;
  }, [token, load]);

  // The highlight of a new request fades after a few seconds.
  useEffect(() => {
    if (fresh === undefined) return;
    const timer = setTimeout(() => setFresh(undefined), 4000);
    return () => clearTimeout(timer);
  }, [fresh]);

  return { data, setData, error, online, fresh, reload: load };
}
