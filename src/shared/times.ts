/**
 * Times as people at the venue read them (issue 26, point 1). The server keeps instants in UTC; the
 * venue's time zone is configured once (TIME_ZONE) and every time shown or exported is turned into
 * it, so a band in Belgrade reads 21:34 whatever zone the server or the laptop is in.
 */

/** This process's own time zone: TIME_ZONE's default. */
export const ownTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** Whether the runtime knows this IANA time zone ("Europe/Belgrade", "UTC"). */
export function knownTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/**
 * An instant as the venue's wall clock, "2026-12-05 21:34:10": sortable and read alike by every
 * spreadsheet, for CSV files. A value that is not a time comes back as given.
 */
export function venueStamp(instant: string, zone: string): string {
  const date = new Date(instant);
  if (Number.isNaN(date.getTime())) return instant;
  // Swedish writes dates the ISO way (2026-12-05 21:34:10), which is the form wanted here.
  return new Intl.DateTimeFormat('sv-SE', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).format(date);
}

/** An instant's date on the venue's calendar, "2026-12-05" (the day a guest's search is counted in). */
export function venueDay(instant: string | Date, zone: string): string {
  return new Intl.DateTimeFormat('sv-SE', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(instant));
}

/** One formatter a zone: making one costs far more than using it (insights turn thousands of hours). */
const hourFormats = new Map<string, Intl.DateTimeFormat>();

/** An instant's hour (0–23) on the venue's clock. */
export function venueHour(instant: string | Date, zone: string): number {
  let format = hourFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', hourCycle: 'h23' });
    hourFormats.set(zone, format);
  }
  return Number(format.format(new Date(instant)));
}
