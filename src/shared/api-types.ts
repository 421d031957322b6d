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
