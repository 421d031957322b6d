import type { LiveQueueEntry } from '../../../shared/live-events';

/** GET /api/admin/live/{token}. */
export interface LiveQueue {
  gig: {
    id: number;
    naziv: string;
    lokacija: string;
    pocetak: string;
    active: boolean;
    token: string;
    band_naziv: string;
  };
  version: number;
  queue: LiveQueueEntry[];
  can_edit: boolean;
  notifications: boolean;
}
