import {
  type CreateParams,
  type CreateResult,
  type DataProvider,
  type DeleteParams,
  type DeleteResult,
  type GetListParams,
  type GetListResult,
  type GetManyParams,
  type GetManyResult,
  type GetOneParams,
  type GetOneResult,
  HttpError,
  type Identifier,
  type RaRecord,
  type UpdateParams,
  type UpdateResult,
} from 'react-admin';
import { formatSongsField } from '../../shared/playlist-songs';
import type { HttpClient } from './httpClient';
import { recordErrors } from './recordErrors';

/** A record field as the server's multipart field: its name, and how its value is sent. */
type FieldMap = Record<string, string | [string, (value: unknown) => unknown]>;

interface Endpoints {
  list: string;
  one: (id: Identifier) => string;
  add: string;
  /** The ownership filter's query name (spec §7: o for songs, os for the others; gigs have none). */
  ownership?: 'o' | 'os';
  /** Spec §7's multipart fields of add and update, by the record field (or form-only file) they hold. */
  fields: FieldMap;
}

const playlistSongs = (songs: unknown) =>
  formatSongsField(Array.isArray(songs) ? songs.map((song: { id: number }) => song.id) : []);

const ENDPOINTS: Record<string, Endpoints> = {
  songs: {
    list: '/api/admin/songs',
    one: (id) => `/api/admin/song/${id}`,
    add: '/api/admin/addsong',
    ownership: 'o',
    fields: {
      naziv: 'title',
      idizvodjaca: 'performer',
      visibility: 'visible',
      picture: 'picture',
      resursi: 'resursi',
      resource_file: 'resource',
      remove_resource: 'remove_resource',
      tonalitet: 'tonalitet',
      tempo: 'tempo',
      trajanje: 'trajanje',
      akordi: 'akordi',
    },
  },
  performers: {
    list: '/api/admin/performers',
    one: (id) => `/api/admin/performer/${id}`,
    add: '/api/admin/addperformer',
    ownership: 'os',
    fields: { naziv: 'title', picture: 'picture', visibility: 'visible' },
  },
  playlists: {
    list: '/api/admin/playlists',
    one: (id) => `/api/admin/playlist/${id}`,
    add: '/api/admin/addplaylist',
    ownership: 'os',
    fields: { naziv: 'title', picture: 'picture', visibility: 'visible', songs: ['songs', playlistSongs] },
  },
  gigs: {
    list: '/api/admin/gigs',
    one: (id) => `/api/admin/gig/${id}`,
    add: '/api/admin/addgig',
    fields: {
      naziv: 'title',
      lokacija: 'lokacija',
      pocetak: 'starttime',
      status: 'status',
      razmakpesme: 'razmakpesme',
      razmakvreme: 'razmakvreme',
      playlista: 'playlista',
      allow_messages: 'allow_messages',
      artist_spacing: 'artist_spacing',
      minutes_per_song: 'minutes_per_song',
      picture: 'picture',
    },
  },
};

function endpoints(resource: string): Endpoints {
  const found = ENDPOINTS[resource];
  if (!found) throw new Error(`Unknown resource: ${resource}`);
  return found;
}

/** A 422's errors keyed by the record's fields: the resource's field map read backwards. */
function errorsOf(resource: string) {
  const fields = Object.entries(endpoints(resource).fields);
  return recordErrors(
    Object.fromEntries(
      fields.map(([field, target]) => [typeof target === 'string' ? target : target[0], field]),
    ),
  );
}

/** Form values as the server's multipart fields: files as files, booleans as 1/0, empty values left out. */
export function toFormData(values: Record<string, unknown>): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined || value === null) continue;
    if (value instanceof Blob) form.append(key, value);
    else if (typeof value === 'boolean') form.append(key, value ? '1' : '0');
    else if (typeof value !== 'object') form.append(key, String(value));
  }
  return form;
}

/**
 * A record's fields as the resource's multipart fields (naziv → title, visibility → visible, …).
 * Fields the server does not take (id, owned, picture URLs) are left out; a cleared text goes as ''.
 */
function toMultipart(resource: string, record: Record<string, unknown>): FormData {
  const values: Record<string, unknown> = {};
  for (const [field, target] of Object.entries(endpoints(resource).fields)) {
    if (!(field in record)) continue;
    const [name, convert] = typeof target === 'string' ? [target, undefined] : target;
    const value = record[field];
    if (convert) values[name] = convert(value);
    else if (value instanceof Blob || typeof value !== 'object') values[name] = value;
    else if (value === null && !['picture', 'resource'].includes(name)) values[name] = '';
  }
  return toFormData(values);
}

/**
 * The version of the record an edit started from (issue 28, point 1): the record react-admin read
 * (previousData), else the one the form carries; none for a record read before versions.
 */
export function startedFrom(previousData: unknown, data: unknown): number | undefined {
  const of = (record: unknown) => (record as { version?: unknown } | undefined)?.version;
  const version = of(previousData) ?? of(data);
  return typeof version === 'number' ? version : undefined;
}

/** What a delete answers besides its own fields (spec §7): `error` true is a failure even with HTTP 200. */
interface DeleteAnswer {
  error?: boolean;
  message?: string;
}

export const unsupported = (what: string) => () => Promise.reject(new Error(`${what} is not supported.`));

/**
 * Songs, performers, playlists and gigs (spec §7), which share one shape of endpoints. Each call's
 * record type is the caller's (react-admin's contract); the answers are read as that type.
 */
export function createRepertoireProvider(http: HttpClient): DataProvider {
  const getOne = async <R extends RaRecord>(
    resource: string,
    { id }: GetOneParams<R>,
  ): Promise<GetOneResult<R>> => ({ data: (await http<R>(endpoints(resource).one(id))).json });

  return {
    async getList<R extends RaRecord>(
      resource: string,
      { pagination, filter }: GetListParams,
    ): Promise<GetListResult<R>> {
      const e = endpoints(resource);
      const query = new URLSearchParams();
      if (filter?.ownership && e.ownership) query.set(e.ownership, String(filter.ownership));
      if (filter?.q) query.set('q', String(filter.q));
      query.set('pg', String((pagination?.page ?? 1) - 1));
      const { json } = await http<{ data: R[]; total: number; more_than_total?: boolean; login?: boolean }>(
        `${e.list}?${query}`,
      );
      // Spec §2: a list answer that says login is needed sends the user to the login page.
      if (json.login) throw new HttpError('login.session_expired', 401, json);
      if (!json.more_than_total) return { data: json.data, total: json.total };
      // A search with more matches than the server counts: the total is a lower bound, so the next
      // page is there while this one is full (react-admin's partial pagination).
      const page = pagination?.page ?? 1;
      return {
        data: json.data,
        total: json.total,
        pageInfo: { hasNextPage: json.data.length >= (pagination?.perPage ?? 1), hasPreviousPage: page > 1 },
        meta: { moreThanTotal: true },
      };
    },
    getOne,
    async getMany<R extends RaRecord>(
      resource: string,
      { ids }: GetManyParams<R>,
    ): Promise<GetManyResult<R>> {
      const records = await Promise.all(ids.map((id) => getOne<R>(resource, { id })));
      return { data: records.map((record) => record.data) };
    },
    getManyReference: unsupported('Listing by reference'),
    async create<R extends RaRecord>(resource: string, { data }: CreateParams): Promise<CreateResult<R>> {
      const { json } = await http<Pick<R, 'id'>>(endpoints(resource).add, {
        method: 'POST',
        body: toMultipart(resource, data),
      }).catch(errorsOf(resource));
      // The server answers only the new id: the record is what was sent with it. react-admin's
      // create lets the caller name the record's type, which nothing here can check.
      return { data: { ...data, id: json.id } as R };
    },
    async update<R extends RaRecord>(
      resource: string,
      { id, data, previousData }: UpdateParams,
    ): Promise<UpdateResult<R>> {
      const body = toMultipart(resource, data);
      // Issue 28: the version the edit started from; a newer one on the server answers 409.
      const version = startedFrom(previousData, data);
      if (version !== undefined) body.append('version', String(version));
      const { json } = await http<R>(`${endpoints(resource).one(id)}/update`, {
        method: 'POST',
        body,
      }).catch(errorsOf(resource));
      return { data: json };
    },
    updateMany: unsupported('Updating several items at once'),
    async delete<R extends RaRecord>(
      resource: string,
      { id, meta }: DeleteParams<R>,
    ): Promise<DeleteResult<R>> {
      // meta.force: the user was told the item is in use (a playlist an active gig plays) and confirmed.
      const force = meta?.force ? '?force=1' : '';
      const { json } = await http<R & DeleteAnswer>(`${endpoints(resource).one(id)}/delete${force}`);
      if (json.error === true)
        // react-admin's own words where the server gave none, in the panel's language.
        throw new Error(typeof json.message === 'string' ? json.message : 'ra.notification.http_error');
      return { data: { ...json, id } };
    },
    deleteMany: unsupported('Deleting several items at once'),
  };
}
