import { createContext, useContext } from 'react';
import type { LeadEvent, LeadView } from '../../../shared/live-lead';

/** What the band page's tablet does with the others (issue 27, point 4): lead them, follow, or neither. */
export type TabletRole = 'lead' | 'follow' | null;

export interface Follow {
  role: TabletRole;
  /** Takes the lead (replacing any other tablet), follows, or neither. */
  setRole(role: TabletRole): void;
  /** A follower that left the leader (Back on its song); one tap brings it back. */
  left: boolean;
  leave(): void;
  rejoin(): void;
  /** This tablet led until another took the lead. */
  replaced: boolean;
  /** The gig's leader's last message, whatever this tablet's role (undefined: none heard). */
  leader?: LeadEvent;
  /** What this tablet shows from the leader: following, not left, and another tablet leads. */
  shown?: LeadEvent;
  /** What this tablet shows now, sent to the others while it leads (throttled for the scroll). */
  announce(view: Partial<LeadView>): void;
}

/** The band page's Follow, for its stage view and chart (which is loaded apart). */
export const FollowContext = createContext<Follow | null>(null);

export const useFollowContext = () => useContext(FollowContext);
