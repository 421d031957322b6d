import { HttpError } from 'react-admin';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { httpClient } from '../../providers/httpClient';
import type { LiveState } from '../liveQueue';
import { createOutbox, createRetry, NoNetwork, watchNetwork } from '../offline/outbox';
import type { Answer } from './AnswerButtons';

/** A "Played" or "Declined" pressed while the tablet had no network, waiting to be sent. */
export interface PendingAnswer {
  song_id: number;
  action: Answer;
  /** The song's title, for saying what waits and what was refused. */
  naziv: string;
}

export interface RefusedAnswer extends PendingAnswer {
  /** The server's reason, in the page's language. */
  reason: string;
}

/** online, offline, or back online a moment ago (said for a while, then plain online). */
export type Network = 'online' | 'offline' | 'back';

/** How long "Back online" stays up. */
const BACK_FOR_MS = 8000;

/**
 * The band's answers to waiting songs, kept through a lost network (issue 27, point 5): online they
 * go at once; without a network they wait in an outbox on the tablet (the song leaves the queue shown
 * here meanwhile) and go in order when the network or the live channel is back. The server's rules
 * decide: an answer it refuses (another tablet played the song first, say) is handed back to be
 * shown, and the queue is read again.
 */
export function useOfflineAnswers(
  token: string,
  { apply, reload, live }: { apply: (state: LiveState) => void; reload: () => Promise<void>; live: boolean },
) {
  const outbox = useMemo(() => createOutbox<PendingAnswer>(`encore-band-outbox:${token}`), [token]);
  const [pending, setPending] = useState(outbox.items);
  const [refused, setRefused] = useState<RefusedAnswer[]>([]);
  const [network, setNetwork] = useState<Network>(() => (navigator.onLine ? 'online' : 'offline'));

  /** One answer to the server; no answer at all is NoNetwork, a refusal keeps its HttpError. */
  const post = useCallback(
    async ({ song_id, action }: PendingAnswer) => {
      try {
        const { json } = await httpClient<LiveState>(`/api/admin/live/${token}/songs/${song_id}/${action}`, {
          method: 'POST',
          body: {},
        });
        apply(json);
      } catch (error) {
        if (error instanceof HttpError) throw error;
        throw new NoNetwork((error as Error).message);
      }
    },
    [token, apply],
  );

  /** Another round later while answers wait and the browser says it is online. */
  const again = useRef<() => void>(() => undefined);
  const retry = useMemo(() => createRetry(() => again.current()), []);
  useEffect(() => () => retry.stop(), [retry]);

  const flush = useCallback(async () => {
    if (!outbox.items().length) return;
    const { sent, refused: notTaken } = await outbox.flush(post);
    setPending(outbox.items());
    if (outbox.items().length && navigator.onLine) retry.schedule();
    else retry.stop();
    // The server answered: whatever the page said of the network, it is back.
    if (sent.length || notTaken.length) setNetwork((now) => (now === 'offline' ? 'back' : now));
    if (notTaken.length)
      setRefused((before) => [
        ...before,
        ...notTaken.map(({ item, error }) => ({ ...item, reason: (error as Error).message })),
      ]);
    if (sent.length || notTaken.length) await reload();
  }, [outbox, post, reload, retry]);
  useEffect(() => {
    again.current = () => void flush();
  }, [flush]);

  const keep = useCallback(
    (answer: PendingAnswer) => {
      outbox.add(answer);
      setPending(outbox.items());
      setNetwork('offline');
      // The browser says it is online but the server did not answer: try again on a timer too.
      if (navigator.onLine) retry.schedule();
    },
    [outbox, retry],
  );

  /**
   * Answers a song: sent now, or kept when there is no network (or older answers still wait, which
   * go first). A refusal from the server is thrown, as before.
   */
  const answer = useCallback(
    async (item: PendingAnswer) => {
      if (!navigator.onLine || outbox.items().length) {
        keep(item);
        if (navigator.onLine) await flush();
        return;
      }
      try {
        await post(item);
      } catch (error) {
        if (!(error instanceof NoNetwork)) throw error;
        keep(item);
      }
    },
    [outbox, keep, flush, post],
  );

  // The browser's own word on the network.
  useEffect(
    () =>
      watchNetwork((up) => {
        setNetwork(up ? 'back' : 'offline');
        if (up) void flush();
      }),
    [flush],
  );

  // The live channel connected (again): the server is reachable, whatever the browser said.
  useEffect(() => {
    if (!live) return;
    setNetwork((now) => (now === 'offline' ? 'back' : now));
    void flush();
  }, [live, flush]);

  useEffect(() => {
    if (network !== 'back') return;
    const timer = setTimeout(() => setNetwork('online'), BACK_FOR_MS);
    return () => clearTimeout(timer);
  }, [network]);

  const dismiss = useCallback(() => setRefused([]), []);
  return { answer, pending, refused, dismiss, network };
}
