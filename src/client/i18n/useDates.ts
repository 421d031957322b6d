import { useMemo } from 'react';
import { useLocaleState } from 'react-admin';
import { browserLanguages, dateLocale, type Lang } from '../live/i18n';
import { useStoredUser } from '../providers/userStore';

export interface Dates {
  /** An instant (UTC ISO) as date and time in the reader's language and the venues' time zone. */
  dateTime(iso: string): string;
  /** An instant's hour and minute, the same way. */
  time(iso: string): string;
  /** A gig's start, the band's wall-clock time without a zone ("2026-12-05T21:00"), in the reader's form. */
  wallClock(value: string): string;
}

/**
 * Dates and times in the panel's language (Serbian's form, or English in the device's region) and in
 * the venues' time zone the server names (TIME_ZONE, on the signed-in user), not UTC ISO or the
 * laptop's own zone (issue 26, point 1).
 */
export function useDates(): Dates {
  const [locale] = useLocaleState();
  const timeZone = useStoredUser()?.time_zone;
  return useMemo(() => {
    const tag = dateLocale(locale as Lang, browserLanguages());
    const format = (options: Intl.DateTimeFormatOptions, zone = timeZone) => {
      try {
        return new Intl.DateTimeFormat(tag, { ...options, timeZone: zone });
      } catch {
        // A zone this browser does not know: its own zone rather than nothing.
        return new Intl.DateTimeFormat(tag, options);
      }
    };
    const full = format({ dateStyle: 'medium', timeStyle: 'medium' });
    const short = format({ timeStyle: 'short' });
    // A wall-clock time is read as if it were UTC and shown in UTC: the digits stay the band's own.
    const wall = format({ dateStyle: 'medium', timeStyle: 'short' }, 'UTC');
    const shown = (value: string, formatter: Intl.DateTimeFormat, parse = (v: string) => new Date(v)) => {
      const date = parse(value);
      return Number.isNaN(date.getTime()) ? value : formatter.format(date);
    };
    return {
      dateTime: (iso) => shown(iso, full),
      time: (iso) => shown(iso, short),
      wallClock: (value) => shown(value, wall, (v) => new Date(`${v.replace(' ', 'T').slice(0, 16)}Z`)),
    };
  }, [locale, timeZone]);
}
