/**
 * How a signed-in page (band page, viewer) tells the live server who it is. A browser cannot set an
 * Authorization header on a websocket, so the session token travels as a websocket subprotocol, the one
 * header the page controls; the server answers with LIVE_PROTOCOL only, never echoing the token.
 * Signed-in sockets may use the slots kept from anonymous phones (issue 11, finding 7).
 */
export const LIVE_PROTOCOL = 'encore';
/**
 * Close codes (RFC 6455's private range) that tell a signed-in page not to reconnect: its session has
 * ended (sign in again), or its user may no longer follow the gig (moved to another band).
 */
export const CLOSE_SIGNED_OUT = 4401;
export const CLOSE_FORBIDDEN = 4403;
const SESSION_PREFIX = 'encore-session.';

/** The subprotocols to open /ws with: none for an anonymous page. */
export function liveProtocols(sessionToken?: string | null): string[] {
  return sessionToken ? [LIVE_PROTOCOL, `${SESSION_PREFIX}${sessionToken}`] : [];
}

/** The session token offered in a Sec-WebSocket-Protocol header, if any. */
export function sessionFromProtocols(header: string | undefined): string | undefined {
  if (!header) return undefined;
  for (const offered of header.split(',')) {
    const protocol = offered.trim();
    if (protocol.startsWith(SESSION_PREFIX) && protocol.length > SESSION_PREFIX.length)
      return protocol.slice(SESSION_PREFIX.length);
  }
  return undefined;
}

/** A gig's token as the routes accept it (TokenParams) and as the live channel's messages carry it. */
export const GIG_TOKEN = /^[A-Za-z0-9_-]{8,64}$/;
