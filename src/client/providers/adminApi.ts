import type { Identifier } from 'react-admin';
import type { ApiUser, BandMember, ListedBand, ListedUser, UserInput } from '../../shared/api-types';
import type { Role } from '../../shared/constants';
import type { HttpClient } from './httpClient';

/** The fields of the Add and Edit Band forms, sent as multipart (spec §7 Bands). */
export interface BandInput {
  naziv: string;
  email: string;
  picture?: File;
  /** Edit only: drop the current picture without choosing another. */
  remove_picture?: boolean;
}

function bandForm({ naziv, email, picture, remove_picture }: BandInput): FormData {
  const form = new FormData();
  form.append('naziv', naziv);
  form.append('email', email);
  if (picture) form.append('picture', picture);
  if (remove_picture) form.append('remove_picture', '1');
  return form;
}

/** The system administrator's calls (spec §7 Users and Bands), merged into the data provider. */
export function createAdminApi(http: HttpClient) {
  const data = async <T>(url: string, init?: Parameters<HttpClient>[1]) =>
    (await http<{ data: T }>(url, init)).json.data;

  return {
    getUsers: () => data<ListedUser[]>('/api/admin/users'),
    addUser: (input: UserInput) => data<ListedUser>('/api/admin/adduser', { method: 'POST', body: input }),
    updateUser: (id: Identifier, input: UserInput) =>
      data<ListedUser>(`/api/admin/user/${id}/update`, { method: 'POST', body: input }),
    setUserRole: (id: Identifier, role: Role) =>
      data<ListedUser>(`/api/admin/users/${id}/role`, { method: 'POST', body: { role } }),
    /** band_id null leaves the user with no band. */
    setUserBand: (id: Identifier, bandId: number | null) =>
      data<ListedUser>(`/api/admin/users/${id}/band`, { method: 'POST', body: { band_id: bandId } }),
    deleteUser: async (id: Identifier) => {
      await http(`/api/admin/user/${id}/delete`);
    },
    /** GET /api/user: the signed-in user as the server now sees them (band, role). */
    getCurrentUser: async () => (await http<ApiUser>('/api/user')).json,

    getBands: () => data<ListedBand[]>('/api/admin/bands'),
    addBand: (input: BandInput) =>
      data<ListedBand>('/api/admin/addband', { method: 'POST', body: bandForm(input) }),
    updateBand: (id: Identifier, input: BandInput) =>
      data<ListedBand>(`/api/admin/updateband/${id}`, { method: 'POST', body: bandForm(input) }),
    /** Without cascade the server refuses (409) while the band still owns songs, playlists or gigs. */
    deleteBand: async (id: Identifier, cascade = false) => {
      await http(`/api/admin/deleteband/${id}${cascade ? '?cascade=1' : ''}`, { method: 'DELETE' });
    },
    getBandUsers: async (id: Identifier) =>
      (await http<{ users: BandMember[] }>(`/api/admin/band/${id}/users`)).json.users,
    removeBandUser: async (bandId: Identifier, userId: Identifier) => {
      await http(`/api/admin/band/${bandId}/remove-user/${userId}`, { method: 'POST' });
    },
  };
}

export type AdminApi = ReturnType<typeof createAdminApi>;
