import { type DataProvider, HttpError, type Identifier, type RaRecord } from 'react-admin';
import type { ListedBand, ListedUser, UserInput } from '../../shared/api-types';
import type { Role } from '../../shared/constants';
import type { HttpClient } from './httpClient';

/**
 * A user as the users screen edits it: the listed user's own fields, `band` the band's id (none, null
 * or '' for no band), and a password that only goes out (blank on edit keeps the current one).
 */
export interface UserRecord extends Omit<ListedUser, 'band'> {
  band: number | '' | null;
  password?: string;
}

/**
 * A band as the bands screen edits it: `picture` is the current picture's URL; a new one is chosen as
 * `picture_file`, and `remove_picture` drops the current one without choosing another.
 */
export interface BandRecord extends ListedBand {
  picture_file?: File;
  remove_picture?: boolean;
}

/** `meta` of an update of a user: one of the list's quick changes, or taking them out of a band. */
export interface UserUpdateMeta {
  /** Only the role (POST /api/admin/users/{id}/role) or only the band (POST .../band). */
  only?: 'role' | 'band';
  /** Take the user out of this band (POST /api/admin/band/{bandId}/remove-user/{id}). */
  removeFrom?: Identifier;
}

const trim = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
const bandId = (band: unknown) => (band === '' || band == null ? null : Number(band));

/** Spec §7 Users: the JSON body of add and update. */
function userBody(data: Partial<UserRecord>): UserInput {
  return {
    name: trim(data.name),
    email: trim(data.email),
    password: data.password ?? '',
    role: data.role as Role,
    band_id: bandId(data.band),
  };
}

/** Spec §7 Bands: the multipart fields of add and update. */
function bandForm(data: Partial<BandRecord>): FormData {
  const form = new FormData();
  form.append('naziv', trim(data.naziv));
  form.append('email', trim(data.email));
  // Left out when empty: the server makes one from the name, or keeps the band's own.
  if (trim(data.slug)) form.append('slug', trim(data.slug).toLowerCase());
  if (data.picture_file instanceof Blob) form.append('picture', data.picture_file);
  if (data.remove_picture) form.append('remove_picture', '1');
  return form;
}

/** A 422's errors keyed by the record's fields (band_id → band, picture → picture_file), one text each. */
function recordErrors(names: Record<string, string>) {
  return (error: unknown): never => {
    const body = (error as { body?: { errors?: Record<string, string[] | string> } } | null)?.body;
    if (error instanceof HttpError && body?.errors) {
      const errors = Object.fromEntries(
        Object.entries(body.errors).map(([name, messages]) => [
          names[name] ?? name,
          Array.isArray(messages) ? messages.join(' ') : messages,
        ]),
      );
      throw new HttpError(error.message, error.status, { ...body, errors });
    }
    throw error;
  };
}
const userErrors = recordErrors({ band_id: 'band' });
const bandErrors = recordErrors({ picture: 'picture_file' });

type Calls = Pick<DataProvider, 'getList' | 'getOne' | 'getMany' | 'create' | 'update' | 'delete'> &
  Partial<Pick<DataProvider, 'getManyReference'>>;

/**
 * The system administrator's resources (spec §7 Users and Bands) as react-admin calls them, on the
 * spec's own endpoints. The lists are whole (no paging on the server).
 */
export function createAdminResources(http: HttpClient): Record<'users' | 'bands', Calls> {
  const list = async (url: string) => {
    const { json } = await http<{ data: RaRecord[] }>(url);
    return { data: json.data, total: json.data.length };
  };
  /** No endpoint gives one user or band: they are found in the list. */
  const one = async (url: string, id: Identifier) => {
    const found = (await list(url)).data.find((record) => String(record.id) === String(id));
    if (!found) throw new HttpError('Not found', 404, { message: 'Not found' });
    return { data: found };
  };
  const answer = (json: { data?: object } | null, fallback: object) => ({ data: json?.data ?? fallback });

  const users: Calls = {
    getList: (() => list('/api/admin/users')) as never,
    getOne: ((_: string, { id }: { id: Identifier }) => one('/api/admin/users', id)) as never,
    getMany: (async (_: string, { ids }: { ids: Identifier[] }) => {
      const { data } = await list('/api/admin/users');
      return { data: data.filter((user) => ids.map(String).includes(String(user.id))) };
    }) as never,
    /** The members of a band (target 'band'): GET /api/admin/band/{id}/users. */
    getManyReference: (async (_: string, { target, id }: { target: string; id: Identifier }) => {
      if (target !== 'band') throw new Error(`Users by ${target} are not listed.`);
      const { json } = await http<{ users: RaRecord[] }>(`/api/admin/band/${id}/users`);
      return { data: json.users, total: json.users.length };
    }) as never,
    create: (async (_: string, { data }: { data: Partial<UserRecord> }) => {
      const { json } = await http<{ data?: ListedUser }>('/api/admin/adduser', {
        method: 'POST',
        body: userBody(data),
      }).catch(userErrors);
      return answer(json, { ...data, id: undefined });
    }) as never,
    update: (async (
      _: string,
      {
        id,
        data,
        previousData,
        meta,
      }: { id: Identifier; data: Partial<UserRecord>; previousData: RaRecord; meta?: UserUpdateMeta },
    ) => {
      const fallback = { ...previousData, ...data, id };
      if (meta?.removeFrom != null) {
        await http(`/api/admin/band/${meta.removeFrom}/remove-user/${id}`, { method: 'POST' });
        return { data: { ...fallback, band: null } };
      }
      const [url, body] =
        meta?.only === 'role'
          ? [`/api/admin/users/${id}/role`, { role: data.role }]
          : meta?.only === 'band'
            ? [`/api/admin/users/${id}/band`, { band_id: bandId(data.band) }]
            : [`/api/admin/user/${id}/update`, userBody(data)];
      const { json } = await http<{ data?: ListedUser }>(url, { method: 'POST', body }).catch(userErrors);
      return answer(json, fallback);
    }) as never,
    delete: (async (_: string, { id, previousData }: { id: Identifier; previousData?: RaRecord }) => {
      await http(`/api/admin/user/${id}/delete`);
      return { data: { ...previousData, id } };
    }) as never,
  };

  const bands: Calls = {
    getList: (() => list('/api/admin/bands')) as never,
    getOne: ((_: string, { id }: { id: Identifier }) => one('/api/admin/bands', id)) as never,
    getMany: (async (_: string, { ids }: { ids: Identifier[] }) => {
      const { data } = await list('/api/admin/bands');
      return { data: data.filter((band) => ids.map(String).includes(String(band.id))) };
    }) as never,
    create: (async (_: string, { data }: { data: Partial<BandRecord> }) => {
      const { json } = await http<{ data?: ListedBand }>('/api/admin/addband', {
        method: 'POST',
        body: bandForm(data),
      }).catch(bandErrors);
      return answer(json, { ...data, id: undefined });
    }) as never,
    update: (async (
      _: string,
      { id, data, previousData }: { id: Identifier; data: Partial<BandRecord>; previousData: RaRecord },
    ) => {
      const { json } = await http<{ data?: ListedBand }>(`/api/admin/updateband/${id}`, {
        method: 'POST',
        body: bandForm(data),
      }).catch(bandErrors);
      return answer(json, { ...previousData, ...data, id });
    }) as never,
    /** meta.cascade: the user was told what the band still owns and agreed to delete it all (spec §7). */
    delete: (async (
      _: string,
      { id, previousData, meta }: { id: Identifier; previousData?: RaRecord; meta?: { cascade?: boolean } },
    ) => {
      await http(`/api/admin/deleteband/${id}${meta?.cascade ? '?cascade=1' : ''}`, { method: 'DELETE' });
      return { data: { ...previousData, id } };
    }) as never,
  };

  return { users, bands };
}
