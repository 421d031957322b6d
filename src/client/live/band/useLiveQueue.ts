import { useCallback, useEffect, useRef, useState } from 'react';
import { httpClient } from '../../providers/httpClient';
import { getStoredUser } from '../../providers/userStore';
import type { LiveState } from '../liveQueue';
import { followGig } from '../liveSocket';
import { chime } from './cue';
import type { BandEntry, BandMessage, LiveQueue } from './types';

/** The live channel's entries lack the songs' resources: keep the ones the API gave for those songs. */
function keepResources(current: BandEntry[], next: BandEntry[]): BandEntry[] {
  const known = new Map(current.map((entry) => [entry.song_id, entry]));
  return next.map((entry) => {
    const before = known.get(entry.song_id);
    if (entry.resource !== undefined || before?.resource === undefined) return entry;
    return { ...entry, resource: before.resource, resursi: before.resursi ?? null };
  });
}

type LoadError = { status?: number; message: string };

/**
 * The gig's live queue: loaded from the API, kept current by the live channel, and reloaded from the
 * API after every reconnect so nothing missed while offline is lost.
 */
export function useLiveQueue(token: string) {
  const [data, setData] = useState<LiveQueue>();
  const [error, setError] = useState<LoadError>();
  const [online, setOnline] = useState(false);
  const [fresh, setFresh] = useState<{ songId: number }>();
  /** How many whole queues came (one per (re)connect or gap): what is read apart from it is read again. */
  const [snapshots, setSnapshots] = useState(0);
  const notifications = useRef(false);

  /** Takes a newer state of the queue (from the socket or an action's answer), never an older one. */
  const apply = useCallback(
    (next: LiveState) =>
      setData(
        (current) =>
          current &&
          (next.version < current.version
            ? current
            : {
                ...current,
                version: next.version,
                queue: keepResources(current.queue, next.queue),
                pace: next.pace ?? current.pace,
                gig: { ...current.gig, active: next.active ?? current.gig.active },
              }),
      ),
    [],
  );

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

  const setMessages = useCallback(
    (messages: BandMessage[]) => setData((current) => current && { ...current, messages }),
    [],
  );

  /** The messages travel apart from the live channel, which the audience shares: fetched on news. */
  const loadMessages = useCallback(async () => {
    try {
      const { json } = await httpClient<{ messages: BandMessage[] }>(`/api/admin/live/${token}/messages`);
      setMessages(json.messages);
    } catch {
      // The next request or reload brings them.
    }
  }, [token, setMessages]);

  useEffect(() => {
    void load();
    const stop = followGig(
      token,
      {
        onQueue(live, change) {
          apply(live);
          if (!change) setSnapshots((n) => n + 1);
          if (change?.kind === 'requested') {
            // A new object each time: another request for the same song restarts its highlight.
            setFresh({ songId: change.song_id });
            if (notifications.current) chime();
            void loadMessages();
          }
          if (change?.kind === 'messages') void loadMessages();
        },
        // After a reconnect or a missed event the API is the source of truth.
        onResync: () => void load(),
        onConnection: setOnline,
        // Signed out, or no longer of the gig's band: the API says which, and the page shows it.
        onEnded: () => void load(),
      },
      getStoredUser()?.token,
    );
    return stop;
  }, [token, load, apply, loadMessages]);

  // The highlight of a new request fades after a few seconds.
  useEffect(() => {
    if (fresh === undefined) return;
    const timer = setTimeout(() => setFresh(undefined), 4000);
    return () => clearTimeout(timer);
  }, [fresh]);

  return { data, apply, setMessages, error, online, fresh: fresh?.songId, reload: load, snapshots };
}
