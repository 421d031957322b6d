import type { IncomingMessage } from 'node:http';

/** REQUEST_BODY_TIMEOUT_SECONDS: how long any request body may take to arrive. */
export const REQUEST_BODY_TIMEOUT_SECONDS = 60;
/**
 * REQUEST_BODY_MIN_RATE: bytes a second a longer body must average (32 kbit/s), slower than any line
 * the panel itself could load on. A 25 MB song (20 MB resource file and 5 MB picture, the largest a
 * form takes) at this rate takes about 1 h 45 min; on a venue's poor 3G line (~256 kbit/s) 13 minutes.
 */
export const REQUEST_BODY_MIN_RATE = 4096;

export interface BodyPace {
  /** Time any body may take (ms). */
  graceMs: number;
  /** Each byte that arrives gives this much more time (bytes a second). */
  minBytesPerSecond: number;
}

/** Whether a request has a body to wait for: a Content-Length above 0, or chunks. */
function hasBody(request: IncomingMessage) {
  const length = request.headers['content-length'];
  return request.headers['transfer-encoding'] !== undefined || (length !== undefined && Number(length) !== 0);
}

/**
 * Calls `late` when a request's body has not fully arrived by its deadline: the grace time after its
 * headers, plus the time its bytes so far are worth at the minimum rate. A body that trickles is cut
 * after the grace time, while an upload of any allowed size that keeps arriving is never cut; one that
 * stalls halfway is cut once its bytes' time runs out. The bytes are counted on the socket, so the body
 * is not read here (a reader would take it from the route).
 *
 * Only the request is timed, never the answer: an event stream's answer lasts for hours, and a
 * request without a body has nothing to wait for.
 */
export function watchBody(request: IncomingMessage, pace: BodyPace, late: () => void) {
  if (request.complete || !hasBody(request)) return;
  const socket = request.socket;
  const startedAt = Date.now();
  // A keep-alive connection's earlier requests are not this one's.
  const readBefore = socket.bytesRead;
  let timer: NodeJS.Timeout | undefined;
  // Stopped as soon as the body is in, or the request or its connection is done with: a keep-alive
  // connection carries request after request, and each one's watch must not outlive it.
  const stop = () => {
    clearTimeout(timer);
    socket.off('close', stop);
    request.off('end', stop);
    request.off('close', stop);
  };
  const check = () => {
    if (request.complete || socket.destroyed) return stop();
    const arrived = socket.bytesRead - readBefore;
    const left = startedAt + pace.graceMs + (arrived / pace.minBytesPerSecond) * 1000 - Date.now();
    if (left > 0) {
      timer = setTimeout(check, left);
      return;
    }
    stop();
    late();
  };
  socket.on('close', stop);
  request.once('end', stop);
  request.once('close', stop);
  timer = setTimeout(check, pace.graceMs);
}
