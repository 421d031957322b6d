/**
 * The panel's topic on the live channel (issue 28, point 2): a band's signed-in admins hear which of
 * their band's items changed, and who of them has which item open. A system admin hears every band.
 * Never the audience: only a session of an admin or band admin may join (docs/decisions.md, "The
 * panel on the live channel").
 */

/** The panel's lists that refresh by themselves. */
export const PANEL_RESOURCES = ['songs', 'performers', 'playlists', 'gigs', 'users', 'bands'] as const;
export type PanelResource = (typeof PANEL_RESOURCES)[number];

/** An item's edit screen as presence names it: `<resource>/<id>`. */
export const PANEL_PLACE = /^(songs|performers|playlists|gigs|users|bands)\/[1-9]\d{0,9}$/;

/** Where the event stream of the panel's topic is (the websocket's fallback). */
export const PANEL_EVENTS_PATH = '/api/live/panel/events';

/** How often a server process says again who of its pages is where . */
export const PRESENCE_AGAIN_MS = 20_000;

/** One open page of a signed-in admin. */
export interface PanelPage {
  /** The connection's own key: one user may have several tabs. */
  key: string;
  /** The user's id and name. */
  id: number;
  name: string;
}

export type PanelEvent =
  /** Joined (again): what changed while away is unknown, so the page reloads its lists. */
  | { type: 'panel' }
  /** Items of a list were added, changed or deleted. */
  | { type: 'changed'; resource: PanelResource; ids: number[] }
  /** A page is now at an item's edit screen (`at`), or none (null: it moved on, or closed). */
  | { type: 'here'; page: PanelPage; at: string | null };

/** A place as the page sends it, if it is one. */
export function panelPlace(value: unknown): string | null {
  return typeof value === 'string' && PANEL_PLACE.test(value) ? value : null;
}
