import {
  type CreateParams,
  type CreateResult,
  type DataProvider,
  type DeleteParams,
  type DeleteResult,
  type GetListResult,
  type GetManyParams,
  type GetManyReferenceParams,
  type GetManyReferenceResult,
  type GetManyResult,
  type GetOneParams,
  type GetOneResult,
  HttpError,
  type Identifier,
  type RaRecord,
  type UpdateParams,
  type UpdateResult,
} from 'react-admin';
import type { ListedBand, ListedUser, UserInput } from '../../shared/api-types';
import type { Role } from '../../shared/constants';
import type { HttpClient } from './httpClient';
import { recordErrors } from './recordErrors';
import { startedFrom, unsupported } from './repertoire';

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

/** Issue 28: the version the edit started from goes with a full update; a newer one answers 409. */
const withVersion = (body: UserInput, version: number | undefined) =>
  version === undefined ? body : { ...body, version };

const userErrors = recordErrors({ band_id: 'band' });
const bandErrors = recordErrors({ picture: 'picture_file' });

/** A write's answer: the record as the server now has it. */
interface Saved<R> {
  data?: R;
}

/**
 * The calls a resource without paging or single-record endpoints shares (users, bands): the list is
 * whole, and one record or a few are found in it.
 */
function wholeList(http: HttpClient, url: string) {
  const list = async <R extends RaRecord>(): Promise<GetListResult<R>> => {
    const { json } = await http<{ data: R[] }>(url);
    return { data: json.data, total: json.data.length };
  };
  const having = (ids: Identifier[]) => (record: RaRecord) => ids.map(String).includes(String(record.id));
  return {
    getList: list,
    async getOne<R extends RaRecord>(_: string, { id }: GetOneParams<R>): Promise<GetOneResult<R>> {
      const found = (await list<R>()).data.find(having([id]));
      // react-admin's own words, in the panel's language.
      if (!found) throw new HttpError('ra.notification.item_doesnt_exist', 404);
      return { data: found };
    },
    async getMany<R extends RaRecord>(_: string, { ids }: GetManyParams<R>): Promise<GetManyResult<R>> {
      return { data: (await list<R>()).data.filter(having(ids)) };
    },
    updateMany: unsupported('Updating several users or bands at once'),
    deleteMany: unsupported('Deleting several users or bands at once'),
  };
}

/**
 * The system administrator's resources (spec §7 Users and Bands) as react-admin calls them, on the
 * spec's own endpoints. A write answers the record as saved; without one, the record is what was sent.
 */
export function createAdminResources(http: HttpClient): Record<'users' | 'bands', DataProvider> {
  /** A write: the record as the server saved it, or else `fallback`, the record as the panel has it. */
  const save = async <R>(url: string, body: unknown, errors: (error: unknown) => never, fallback: R) => {
    const { json } = await http<Saved<R>>(url, { method: 'POST', body }).catch(errors);
    return { data: json?.data ?? fallback };
  };

  const users: DataProvider = {
    ...wholeList(http, '/api/admin/users'),
    /** The members of a band (target 'band'): GET /api/admin/band/{id}/users. */
    async getManyReference<R extends RaRecord>(
      _: string,
      { target, id }: GetManyReferenceParams,
    ): Promise<GetManyReferenceResult<R>> {
      if (target !== 'band') throw new Error(`Users by ${target} are not listed.`);
      const { json } = await http<{ users: R[] }>(`/api/admin/band/${id}/users`);
      return { data: json.users, total: json.users.length };
    },
    async create<R extends RaRecord>(
      _: string,
      { data }: CreateParams<UserRecord>,
    ): Promise<CreateResult<R>> {
      // Without the saved user, the user is what was sent (the type is the caller's, see repertoire.ts).
      return save('/api/admin/adduser', userBody(data), userErrors, { ...data } as R);
    },
    async update<R extends UserRecord>(
      _: string,
      { id, data, previousData, meta }: UpdateParams<R>,
    ): Promise<UpdateResult<R>> {
      const { only, removeFrom }: UserUpdateMeta = meta ?? {};
      const fallback = { ...previousData, ...data, id };
      if (removeFrom != null) {
        await http(`/api/admin/band/${removeFrom}/remove-user/${id}`, { method: 'POST' });
        return { data: { ...fallback, band: null } };
      }
      const [url, body] =
        only === 'role'
          ? [`/api/admin/users/${id}/role`, { role: data.role }]
          : only === 'band'
            ? [`/api/admin/users/${id}/band`, { band_id: bandId(data.band) }]
            : [`/api/admin/user/${id}/update`, withVersion(userBody(data), startedFrom(previousData, data))];
      return save(url, body, userErrors, fallback);
    },
    async delete<R extends RaRecord>(
      _: string,
      { id, previousData }: DeleteParams<R>,
    ): Promise<DeleteResult<R>> {
      await http(`/api/admin/user/${id}/delete`);
      return { data: { ...previousData, id } as R };
    },
  };

  const bands: DataProvider = {
    ...wholeList(http, '/api/admin/bands'),
    getManyReference: unsupported('Listing bands by reference'),
    async create<R extends RaRecord>(
      _: string,
      { data }: CreateParams<BandRecord>,
    ): Promise<CreateResult<R>> {
      return save('/api/admin/addband', bandForm(data), bandErrors, { ...data } as R);
    },
    async update<R extends BandRecord>(
      _: string,
      { id, data, previousData }: UpdateParams<R>,
    ): Promise<UpdateResult<R>> {
      const form = bandForm(data);
      // Issue 28: the version the edit started from; a newer one on the server answers 409.
      const version = startedFrom(previousData, data);
      if (version !== undefined) form.append('version', String(version));
      return save(`/api/admin/updateband/${id}`, form, bandErrors, {
        ...previousData,
        ...data,
        id,
      });
    },
    /** meta.cascade: the user was told what the band still owns and agreed to delete it all (spec §7). */
    async delete<R extends RaRecord>(
      _: string,
      { id, previousData, meta }: DeleteParams<R>,
    ): Promise<DeleteResult<R>> {
      await http(`/api/admin/deleteband/${id}${meta?.cascade ? '?cascade=1' : ''}`, { method: 'DELETE' });
      return { data: { ...previousData, id } as R };
    },
  };

  return { users, bands };
}
