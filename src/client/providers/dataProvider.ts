import { type DataProvider, HttpError, type Identifier, type RaRecord } from 'react-admin';
import type { DashboardData, FormerBandSlug, GigRequestSummary } from '../../shared/api-types';
import { formatSongsField } from '../../shared/playlist-songs';
import { createAdminResources } from './adminApi';
import type { HttpClient } from './httpClient';
import { createSystemApi, type SystemApi } from './systemApi';

export interface EncoreDataProvider extends DataProvider, SystemApi {
  getDashboard(): Promise<DashboardData>;
  /** Every playlist a gig may use, oldest first (spec §7: GET /api/admin/playlists without a query);
   *  a new gig preselects the first (spec §4). */
  getPlaylistOptions(): Promise<{ id: number; naziv: string }[]>;
  /** The gig's QR code as a PNG (GET /api/admin/gig/qrc/{id}). */
  getGigQrCode(id: Identifier): Promise<Blob>;
  /** The band link (issue 13): PUBLIC_URL/r/<slug>, and its QR code as a PNG. */
  getBandLink(bandId: Identifier): Promise<{ id: number; naziv: string; slug: string; url: string }>;
  getBandQrCode(bandId: Identifier): Promise<Blob>;
  /** Every band's former slugs, and deleted bands' (GET /api/admin/band-slugs; system admins). */
  getFormerBandSlugs(): Promise<FormerBandSlug[]>;
  /** Lets any band take a former slug (POST /api/admin/band-slugs/{slug}/release; system admins). */
  releaseBandSlug(slug: string): Promise<{ success: boolean; message: string }>;
  /** The gig's requests after the show (GET /api/admin/gig/{id}/requests-summary). */
  getGigSummary(id: Identifier): Promise<GigRequestSummary>;
}

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
      picture: 'picture',
    },
  },
};

function endpoints(resource: string): Endpoints {
  const found = ENDPOINTS[resource];
  if (!found) throw new Error(`Unknown resource: ${resource}`);
  return found;
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
export function toMultipart(resource: string, record: Record<string, unknown>): FormData {
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

/** A 422's errors keyed by the record's fields rather than the multipart ones, one message each. */
function recordErrors(resource: string, error: unknown): never {
  const body = (error as { body?: { errors?: Record<string, string[] | string> } } | null)?.body;
  if (error instanceof HttpError && body?.errors) {
    const byName = new Map(
      Object.entries(endpoints(resource).fields).map(([field, target]) => [
        typeof target === 'string' ? target : target[0],
        field,
      ]),
    );
    const errors = Object.fromEntries(
      Object.entries(body.errors).map(([name, messages]) => [
        byName.get(name) ?? name,
        Array.isArray(messages) ? messages[0] : messages,
      ]),
    );
    throw new HttpError(error.message, error.status, { ...body, errors });
  }
  throw error;
}

const unsupported = (what: string) => () => Promise.reject(new Error(`${what} is not supported.`));

/**
 * Maps react-admin's calls onto Encore's irregular endpoints (spec §7). A factory taking its
 * httpClient, so that tests can check the exact URL, method and body.
 */
export function createDataProvider(http: HttpClient): EncoreDataProvider {
  return withAdminResources(createResourceProvider(http), createAdminResources(http));
}

/** Users and bands (spec §7 Users, Bands) have endpoints of their own; the other four share a shape. */
function withAdminResources(
  provider: EncoreDataProvider,
  admin: Record<string, Partial<DataProvider>>,
): EncoreDataProvider {
  const methods = ['getList', 'getOne', 'getMany', 'getManyReference', 'create', 'update', 'delete'] as const;
  const routed = { ...provider };
  for (const method of methods) {
    const fallback = provider[method] as (resource: string, params: unknown) => Promise<unknown>;
    routed[method] = ((resource: string, params: unknown) => {
      const own = admin[resource]?.[method] as typeof fallback | undefined;
      if (admin[resource] && !own)
        return Promise.reject(new Error(`${method} of ${resource} is not supported.`));
      return (own ?? fallback)(resource, params);
    }) as never;
  }
  return routed;
}

function createResourceProvider(http: HttpClient): EncoreDataProvider {
  const getOne = async (resource: string, { id }: { id: Identifier }) => {
    const { json } = await http<RaRecord>(endpoints(resource).one(id));
    return { data: json };
  };

  return {
    async getList(resource, { pagination, filter }) {
      const e = endpoints(resource);
      const query = new URLSearchParams();
      if (filter?.ownership && e.ownership) query.set(e.ownership, String(filter.ownership));
      if (filter?.q) query.set('q', String(filter.q));
      query.set('pg', String((pagination?.page ?? 1) - 1));
      const { json } = await http<{ data: RaRecord[]; total: number; login?: boolean }>(`${e.list}?${query}`);
      // Spec §2: a list answer that says login is needed sends the user to the login page.
      if (json.login) throw new HttpError('Please sign in again.', 401, json);
      return { data: json.data, total: json.total } as never;
    },
    getOne: getOne as DataProvider['getOne'],
    async getMany(resource, { ids }) {
      const records = await Promise.all(ids.map((id) => getOne(resource, { id })));
      return { data: records.map((r) => r.data) } as never;
    },
    getManyReference: unsupported('Listing by reference'),
    async create(resource, { data }) {
      const { json } = await http<{ id: number }>(endpoints(resource).add, {
        method: 'POST',
        body: toMultipart(resource, data as Record<string, unknown>),
      }).catch((error: unknown) => recordErrors(resource, error));
      return { data: { ...data, id: json.id } } as never;
    },
    async update(resource, { id, data }) {
      const { json } = await http<RaRecord>(`${endpoints(resource).one(id)}/update`, {
        method: 'POST',
        body: toMultipart(resource, data as Record<string, unknown>),
      }).catch((error: unknown) => recordErrors(resource, error));
      return { data: json } as never;
    },
    updateMany: unsupported('Updating several items at once'),
    async delete(resource, { id, meta }) {
      // meta.force: the user was told the item is in use (a playlist an active gig plays) and confirmed.
      const force = meta?.force ? '?force=1' : '';
      const { json } = await http<Record<string, unknown>>(`${endpoints(resource).one(id)}/delete${force}`);
      // Spec §7: a delete answer carries `error`; a true one is a failure even with HTTP 200.
      if (json.error === true)
        throw new Error(typeof json.message === 'string' ? json.message : 'Not deleted');
      return { data: { ...json, id } } as never;
    },
    deleteMany: unsupported('Deleting several items at once'),
    async getDashboard() {
      const { json } = await http<{ data: DashboardData }>('/api/admin/dashboard');
      return json.data;
    },
    async getPlaylistOptions() {
      const { json } = await http<{ data: { id: number; naziv: string }[] }>('/api/admin/playlists');
      return json.data;
    },
    async getGigQrCode(id) {
      const { json } = await http<Blob>(`/api/admin/gig/qrc/${id}`, { as: 'blob' });
      return json;
    },
    async getBandLink(bandId) {
      const { json } = await http<{ id: number; naziv: string; slug: string; url: string }>(
        `/api/admin/band/${bandId}/link`,
      );
      return json;
    },
    async getBandQrCode(bandId) {
      const { json } = await http<Blob>(`/api/admin/band/${bandId}/qrc`, { as: 'blob' });
      return json;
    },
    async getFormerBandSlugs() {
      const { json } = await http<{ data: FormerBandSlug[] }>('/api/admin/band-slugs');
      return json.data;
    },
    async releaseBandSlug(slug) {
      const { json } = await http<{ success: boolean; message: string }>(
        `/api/admin/band-slugs/${encodeURIComponent(slug)}/release`,
        { method: 'POST' },
      );
      return json;
    },
    async getGigSummary(id) {
      const { json } = await http<GigRequestSummary>(`/api/admin/gig/${id}/requests-summary`);
      return json;
    },
    ...createSystemApi(http),
  };
}
