import type { QueryClient } from '@tanstack/react-query';
import {
  PANEL_EVENTS_PATH,
  PANEL_RESOURCES,
  type PanelEvent,
  type PanelResource,
} from '../../shared/panel-live';
import { openLiveChannel } from '../live/liveChannel';
import type { StreamOpener } from '../live/liveStream';
import { presence as store, type Presence } from './presence';

/** Lists that show another list's items (a song its performer's name, a band its users' count). */
const SHOWN_IN: Record<PanelResource, PanelResource[]> = {
  songs: ['playlists'],
  performers: ['songs'],
  playlists: ['gigs'],
  gigs: [],
  users: ['bands'],
  bands: ['users'],
};

/**
 * A list changed: react-admin's queries of it (keyed `[resource, 'getList' | 'getInfiniteList' |
 * 'getMany' | ..., params]`) are fetched again where shown, in place: the list keeps its rows, its
 * scroll, its filter and its selection while the new rows come. An item's own query (`getOne`) is
 * only marked stale: refetching it would start the edit form that shows it afresh, and a bandmate's
 * save must not wipe what the user is typing (the save's version check tells them instead).
 */
export function invalidateList(queryClient: QueryClient, resource: PanelResource) {
  invalidate(queryClient, [resource, ...SHOWN_IN[resource]]);
}

function invalidate(queryClient: QueryClient, names: readonly PanelResource[]) {
  for (const name of names) {
    void queryClient.invalidateQueries({
      queryKey: [name],
      predicate: (query) => query.queryKey[1] !== 'getOne',
    });
    void queryClient.invalidateQueries({ queryKey: [name, 'getOne'], refetchType: 'none' });
  }
}

/**
 * The event stream's reader (and its parser) is loaded only when a network blocks the websocket:
 * most panels never need it, and the songs list's download is at its budget.
 */
const openStreamLater: StreamOpener = (url, session, on) => {
  let stream: { close(): void } | undefined;
  let closed = false;
  import('../live/liveStream').then(
    ({ openEventStream }) => {
      if (closed) on.close();
      else stream = openEventStream(url, session, on);
    },
    // Not loaded (the network): a stream that could not be opened, tried again later.
    () => on.close(),
  );
  return {
    close() {
      closed = true;
      stream?.close();
    },
  };
};

/** A message of the topic, if it is one this page knows. */
function readEvent(data: string): PanelEvent | null {
  try {
    const event = JSON.parse(data) as PanelEvent;
    if (event.type === 'changed' && PANEL_RESOURCES.includes(event.resource)) return event;
    if (event.type === 'here' && typeof event.page?.key === 'string') return event;
  } catch {
    // Not JSON: nothing to do.
  }
  return null;
}

/**
 * The panel's live topic (docs/decisions.md, "The panel on the live channel"), over the live pages'
 * transport (websocket, or the event stream where it is blocked): lists refresh when a bandmate
 * changes them, and the presence store learns who is where. Loaded after the panel, so that the
 * first screen's download does not grow. `resumed`: the page followed the topic before and stopped
 * (hidden a while), so its lists are read again on joining too. Returns the function that stops it.
 */
export function followPanel(
  queryClient: QueryClient,
  session: string,
  presence: Presence = store,
  resumed = false,
) {
  let joinedBefore = resumed;
  const place = () => presence.place;
  const channel = openLiveChannel(
    {
      hello: () => ({ type: 'panel', at: place() }),
      events: () => {
        const at = place();
        return at ? `${PANEL_EVENTS_PATH}?at=${encodeURIComponent(at)}` : PANEL_EVENTS_PATH;
      },
      openStream: openStreamLater,
    },
    session,
    {
      connected() {
        // Who is where is said again to a newcomer; what changed while away is read again (not on
        // the page's first join: the screen has just read its list).
        presence.clear();
        if (joinedBefore) invalidate(queryClient, PANEL_RESOURCES);
        joinedBefore = true;
      },
      message(data) {
        const event = readEvent(data);
        if (event?.type === 'changed') invalidateList(queryClient, event.resource);
        else if (event?.type === 'here') presence.heard(event);
      },
      disconnected() {},
      // Signed out, or no longer allowed: the panel's own calls show the sign-in or the refusal.
      refused() {},
    },
  );
  const stopPlace = presence.onPlace(() => channel.resubscribe());
  const expiry = setInterval(() => presence.expire(), 10_000);
  return () => {
    stopPlace();
    clearInterval(expiry);
    channel.close();
    presence.clear();
  };
}
