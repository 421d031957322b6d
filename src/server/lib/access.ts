/**
 * Who may do what to a band's item: the access levels every route and the live channel ask about,
 * written once. A leaf: it knows only the caller's role and band.
 */
interface Caller {
  role: string;
  band_id: number | null;
}

export const isAdmin = (user: Caller) => user.role === 'admin';

/** An item is the caller's when it belongs to their band; a system admin owns everything. This is
 *  also who may follow a gig's live queue. */
export const owns = (user: Caller, item: { band_id: number }) =>
  isAdmin(user) || (user.band_id !== null && item.band_id === user.band_id);

export const canRead = (user: Caller, item: { band_id: number; visibility: number }) =>
  owns(user, item) || item.visibility === 1;

export const canWrite = (user: Caller, item: { band_id: number }) =>
  user.role !== 'viewer' && owns(user, item);
