import type { AuthProvider, UserIdentity } from 'react-admin';
import type { ApiUser, LoginResponse } from '../../shared/api-types';
import type { Role } from '../../shared/constants';
import type { HttpClient } from './httpClient';
import { clearStoredUser, getStoredUser, mergeStoredUser, setStoredUser } from './userStore';

export const CONNECTION_ERROR = 'login.connection_error';
export const DEFAULT_AFTER_LOGIN = '/admin/songs';

/** Who is signed in, as components read it through react-admin's useGetIdentity. */
export interface Identity extends UserIdentity {
  email: string;
  band: { id: number; naziv: string; picture: string | null } | null;
}

/** What the signed-in user may do, as components read it through usePermissions. */
export interface Permissions {
  role: Role | null;
  isAdmin: boolean;
  isViewer: boolean;
  /** May add and change the band's items: band admins, and system admins (DESIGN §4 roles). */
  canWrite: boolean;
  band: number | null;
}

export const NO_PERMISSIONS: Permissions = {
  role: null,
  isAdmin: false,
  isViewer: false,
  canWrite: false,
  band: null,
};

/** Why the user was last signed out, for the login page to say (a message key). */
const SIGN_OUT_REASON = 'encore.signOutReason';
export const signOutReason = () => sessionStorage.getItem(SIGN_OUT_REASON) ?? undefined;

const statusOf = (error: unknown) => (error as { status?: number } | null)?.status;

export interface EncoreAuthProvider extends AuthProvider {
  /** GET /api/user again (after a change to users or bands that may concern the signed-in user). */
  refreshUser(): Promise<void>;
}

export function createAuthProvider(http: HttpClient): EncoreAuthProvider {
  // GET /api/user runs once per page load: it refreshes the stored user, and a 401 there (an
  // expired or revoked token) signs the user out before any screen is shown.
  let refreshed: Promise<void> | undefined;
  const refreshUser = () => {
    refreshed ??= http<ApiUser>('/api/user').then(
      ({ json }) => mergeStoredUser(json),
      (error: unknown) => {
        refreshed = undefined;
        if (statusOf(error) === 401) sessionStorage.setItem(SIGN_OUT_REASON, 'login.session_expired');
        if (statusOf(error) === 401 || statusOf(error) === 403) throw error;
        console.error('Could not refresh the signed-in user', error);
      },
    );
    return refreshed;
  };

  return {
    async login({ email, password }: { email: string; password: string }) {
      let answer: LoginResponse;
      try {
        answer = (await http<LoginResponse>('/api/login', { method: 'POST', body: { email, password } }))
          .json;
      } catch (error) {
        const body = (error as { body?: LoginResponse }).body;
        throw new Error(body?.message || CONNECTION_ERROR);
      }
      if (!answer?.success || !answer.data) throw new Error(answer?.message || CONNECTION_ERROR);
      setStoredUser(answer.data);
      sessionStorage.removeItem(SIGN_OUT_REASON);
      refreshed = Promise.resolve();
      return answer.data.permissions.isViewer ? { redirectTo: '/viewer' } : undefined;
    },

    async logout(params?: unknown) {
      // A sign-out the user asked for (the Logout menu item) has no reason to report.
      if (!params) sessionStorage.removeItem(SIGN_OUT_REASON);
      // Best effort: the token is forgotten here whatever the server says.
      if (getStoredUser()?.token) await http('/api/logout', { method: 'POST' }).catch(() => undefined);
      refreshed = undefined;
      clearStoredUser();
      return '/admin/login';
    },

    async checkAuth() {
      if (!getStoredUser()?.token) throw new Error('shell.not_signed_in');
      await refreshUser();
    },

    async checkError(error: unknown) {
      const status = statusOf(error);
      if (status !== 401 && status !== 403) return;
      // The first refusal says why: calls answered after it (sent without the token) must not
      // turn "not allowed" into "session expired".
      if (getStoredUser())
        sessionStorage.setItem(
          SIGN_OUT_REASON,
          status === 401 ? 'login.session_expired' : 'login.not_allowed',
        );
      refreshed = undefined;
      clearStoredUser();
      // message false: the login page says why; react-admin need not toast it too.
      throw { message: false };
    },

    async getIdentity(): Promise<Identity> {
      const user = getStoredUser();
      if (!user) throw new Error('shell.not_signed_in');
      return {
        id: user.id,
        fullName: user.name,
        email: user.email,
        avatar: user.banddata?.picture ?? undefined,
        band: user.band !== null && user.banddata ? { id: user.band, ...user.banddata } : null,
      };
    },

    async getPermissions(): Promise<Permissions> {
      const user = getStoredUser();
      if (!user) return NO_PERMISSIONS;
      return {
        role: user.role,
        isAdmin: user.permissions.isAdmin,
        isViewer: user.permissions.isViewer,
        canWrite: !user.permissions.isViewer,
        band: user.band,
      };
    },

    async refreshUser() {
      refreshed = undefined;
      await refreshUser();
    },
  };
}
