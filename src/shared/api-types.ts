import type { Role } from './constants.js';

/** The signed-in user as POST /api/login and GET /api/user answer it (spec §3 User). */
export interface ApiUser {
  id: number;
  name: string;
  email: string;
  token?: string;
  role: Role;
  permissions: { isAdmin: boolean; isViewer: boolean };
  band: number | null;
  banddata: { naziv: string; picture: string | null } | null;
  /** The venues' IANA time zone (TIME_ZONE) on sign-in and /api/user answers. */
  time_zone?: string;
}

export interface LoginResponse {
  success: boolean;
  message: string;
  data?: ApiUser;
}

export interface DashboardData {
  total_songs: number;
  total_performers: number;
  total_playlists: number;
  total_gigs: number;
  total_bands: number;
  total_users: number;
  recent_songs: { id: number; naziv: string; performer: string | null }[];
  users_by_role: Record<Role, number>;
}

/** A row of GET /api/admin/users (spec §7 Users). */
export interface ListedUser {
  id: number;
  name: string;
  email: string;
  role: Role;
  band: number | null;
  band_naziv: string | null;
}

/** The body of POST /api/admin/adduser and /api/admin/user/{id}/update; a blank password keeps it. */
export interface UserInput {
  name: string;
  email: string;
  password: string;
  role: Role;
  band_id: number | null;
}

/** A row of GET /api/admin/bands (spec §7 Bands). */
export interface ListedBand {
  id: number;
  naziv: string;
  email: string | null;
  picture: string | null;
  users_count: number;
  /** The band link's slug: PUBLIC_URL/r/<slug> opens the gig open for requests now (issue 13). */
  slug: string;
}

/**
 * A slug a band used before, as GET /api/admin/band-slugs lists them (issue 23): /r/<slug> leads to
 * its band's current link, and no other band may take it until a system admin releases it.
 */
export interface FormerBandSlug {
  slug: string;
  /** Null once the band was deleted: the slug then leads nowhere. */
  band_id: number | null;
  /** The band's name (a deleted band's: its name when it left the slug). */
  naziv: string;
  left_at: string;
}

/** A member as GET /api/admin/band/{id}/users lists them. */
export interface BandMember {
  id: number;
  name: string;
  email: string;
  role: Role;
}

/** GET /api/admin/gig/{id}/requests-summary: the gig's requests after the show. */
export interface GigRequestSummary {
  total: number;
  played: number;
  declined: number;
  waiting: number;
  top: { id: number; naziv: string; count: number }[];
  /** Requests per quarter hour from the first to the last (issue 14's chart). */
  timeline: { at: string; count: number }[];
}

/** GET /api/admin/insights: a band's (or every band's) requests across the gigs of a period (issue 29). */
export interface InsightsData {
  /** The band shown; null: every band's (system admins). */
  band: number | null;
  from: string | null;
  to: string | null;
  /** The venues' time zone the hours are in (TIME_ZONE). */
  time_zone: string;
  totals: { total: number; played: number; declined: number; waiting: number };
  gigs: {
    id: number;
    naziv: string;
    pocetak: string;
    total: number;
    played: number;
    declined: number;
    waiting: number;
  }[];
  /** Every hour from noon to the next noon, in that order. */
  hours: { hour: number; count: number }[];
  songs: { id: number; naziv: string; performer: string | null; count: number }[];
  performers: { id: number; naziv: string; count: number }[];
  /** What guests searched for and did not find (folded text). */
  misses: { text: string; count: number }[];
  never: { total: number; songs: { id: number; naziv: string; performer: string | null }[] };
}

/** What GET /api/admin/insights is asked for. */
export interface InsightsQuery {
  band?: number;
  from: string;
  to: string;
}
