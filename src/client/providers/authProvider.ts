import type { AuthProvider } from 'react-admin';
import type { ApiUser, LoginResponse } from '../../shared/api-types';
import type { HttpClient } from './httpClient';
import { clearStoredUser, getStoredUser, mergeStoredUser, setStoredUser } from './userStore';

export const CONNECTION_ERROR = 'Greška pri povezivanju sa serverom.';
export const DEFAULT_AFTER_LOGIN = '/admin/songs';

const statusOf = (error: unknown) => (error as { status?: number } | null)?.status;
const isAuthFailure = (error: unknown) => statusOf(error) === 401 || statusOf(error) === 403;

export function createAuthProvider(http: HttpClient): AuthProvider {
  // GET /api/user runs once per page load: it refreshes the stored user, and a 401 there (an
  // expired or revoked token) signs the user out before any screen is shown.
  let refreshed: Promise<void> | undefined;
  const refreshUser = () => {
    refreshed ??= http<ApiUser>('/api/user').then(
      ({ json }) => mergeStoredUser(json),
      (error: unknown) => {
        refreshed = undefined;
        if (isAuthFailure(error)) throw error;
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
      refreshed = Promise.resolve();
      return answer.data.permissions.isViewer ? { redirectTo: '/viewer' } : undefined;
    },

    async logout() {
      // Best effort: the token is forgotten here whatever the server says.
      if (getStoredUser()?.token) await http('/api/logout', { method: 'POST' }).catch(() => undefined);
      refreshed = undefined;
      clearStoredUser();
      return '/admin/login';
    },

    async checkAuth() {
      if (!getStoredUser()?.token) throw new Error('Not signed in');
      await refreshUser();
    },

    async checkError(error: unknown) {
      if (isAuthFailure(error)) {
        refreshed = undefined;
        clearStoredUser();
        throw new Error('Signed out');
      }
    },

    async getIdentity() {
      const user = getStoredUser();
      if (!user) throw new Error('Not signed in');
      return { id: user.id, fullName: user.name, avatar: user.banddata?.picture ?? undefined };
    },

    async getPermissions() {
      return getStoredUser()?.permissions ?? { isAdmin: false, isViewer: false };
    },
  };
}
