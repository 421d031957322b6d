import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { LeadEvent, LeadView } from '../../../shared/live-lead';
import { httpClient } from '../../providers/httpClient';
import { onLead, sendToGig } from '../liveSocket';
import type { Follow, TabletRole } from './followContext';

/** A scrolling leader sends its position at most this often (a fraction of the chart). */
export const SCROLL_EVERY_MS = 100;
const FOLLOW_KEY = 'encore-band-follow';

/** This page's id among the band's tablets, which may all be signed in as one user. */
function newTabletId() {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return `tablet-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/** Follow mode is kept on the tablet (a reload follows again); leading is taken anew on purpose. */
function storedRole(): TabletRole {
  try {
    return localStorage.getItem(FOLLOW_KEY) === 'follow' ? 'follow' : null;
  } catch {
    return null;
  }
}

function storeRole(role: TabletRole) {
  try {
    localStorage.setItem(FOLLOW_KEY, role === 'follow' ? 'follow' : '');
  } catch {
    // Kept for this visit only.
  }
}

/**
 * One band tablet leads the gig's others (issue 27, point 4): the leader sends what it shows (the
 * song, its key, its scroll) over the live channel, or over HTTP where only the event stream reads;
 * a tablet in follow mode shows what the leader's last message says, until it leaves (one tap back).
 */
export function useFollow(token: string): Follow {
  const [tablet] = useState(newTabletId);
  const [role, setRoleState] = useState<TabletRole>(storedRole);
  const [left, setLeft] = useState(false);
  const [replaced, setReplaced] = useState(false);
  const [leader, setLeader] = useState<LeadEvent>();
  /** What this tablet shows, as the stage view and chart tell it. */
  const view = useRef<LeadView>({ song: null, transpose: 0, capo: 0, scroll: 0 });
  const roleNow = useRef(role);
  /** A take sent whose echo has not come back: other tablets' messages before it are older. */
  const taking = useRef(false);
  const pending = useRef<{ timer: ReturnType<typeof setTimeout>; due: number; take: boolean }>(undefined);

  const send = useCallback(
    (extra: { take?: boolean; release?: boolean }) => {
      const body = { tablet, ...view.current, ...extra };
      if (sendToGig(token, { type: 'lead', gig: token, ...body })) return;
      void httpClient(`/api/admin/live/${token}/lead`, { method: 'POST', body }).catch(() => {
        // The next message (or the next scroll) carries the whole view again.
      });
    },
    [token, tablet],
  );

  /** Sends the view after `ms`, or sooner if a send is already due sooner; one message for many changes. */
  const schedule = useCallback(
    (ms: number, take = false) => {
      const due = Date.now() + ms;
      const current = pending.current;
      if (current && current.due <= due) {
        current.take ||= take;
        return;
      }
      if (current) clearTimeout(current.timer);
      const next = {
        due,
        take: take || (current?.take ?? false),
        timer: setTimeout(() => {
          pending.current = undefined;
          if (roleNow.current === 'lead') send({ take: next.take || undefined });
        }, ms),
      };
      pending.current = next;
    },
    [send],
  );

  useEffect(() => () => clearTimeout(pending.current?.timer), []);

  useEffect(
    () =>
      onLead(token, (event) => {
        setLeader(event);
        if (event.tablet === tablet) taking.current = false;
        else if (roleNow.current === 'lead' && event.tablet !== null && !taking.current) {
          // Another tablet took the lead after this one did.
          roleNow.current = null;
          setRoleState(null);
          setReplaced(true);
        }
      }),
    [token, tablet],
  );

  const setRole = useCallback(
    (next: TabletRole) => {
      const before = roleNow.current;
      roleNow.current = next;
      setRoleState(next);
      setReplaced(false);
      setLeft(false);
      storeRole(next);
      if (next === 'lead') {
        taking.current = true;
        schedule(0, true);
      } else if (before === 'lead') send({ release: true });
    },
    [schedule, send],
  );

  const announce = useCallback(
    (change: Partial<LeadView>) => {
      const scrollOnly = Object.keys(change).every((key) => key === 'scroll');
      view.current = { ...view.current, ...change };
      if (roleNow.current === 'lead') schedule(scrollOnly ? SCROLL_EVERY_MS : 0);
    },
    [schedule],
  );

  const leave = useCallback(() => setLeft(true), []);
  const rejoin = useCallback(() => setLeft(false), []);
  // A leader that stopped leading (tablet null) leaves its last song open on the followers.
  const shown = role === 'follow' && !left && leader && leader.tablet !== tablet ? leader : undefined;
  return useMemo(
    () => ({ role, setRole, left, leave, rejoin, replaced, leader, shown, announce }),
    [role, setRole, left, leave, rejoin, replaced, leader, shown, announce],
  );
}
