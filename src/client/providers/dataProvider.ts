import { type DataProvider, HttpError, type Identifier, type RaRecord } from 'react-admin';
import type { DashboardData, GigRequestSummary } from '../../shared/api-types';
import { type AdminApi, createAdminApi } from './adminApi';
import type { HttpClient } from './httpClient';
import { createSystemApi, type SystemApi } from './systemApi';

export interface Option {
  id: number;
  naziv: string;
}

export interface EncoreDataProvider extends DataProvider, AdminApi, SystemApi {
  getDashboard(): Promise<DashboardData>;
  /** Every performer a song may name (spec §7: the performers list without paging). */
  getPerformerOptions(): Promise<Option[]>;
  /** Every playlist a gig may use (spec §7: GET /api/admin/playlists without a query). */
  getPlaylistOptions(): Promise<Option[]>;
  /** The gig's QR code as a PNG (GET /api/admin/gig/qrc/{id}). */
  getGigQrCode(id: Identifier): Promise<Blob>;
  /** The gig's requests after the show (GET /api/admin/gig/{id}/requests-summary). */
  getGigSummary(id: Identifier): Promise<GigRequestSummary>;
}

interface Endpoints {
  list: string;
  one: (id: Identifier) => string;
  add: string;
  /** The ownership filter's query name (spec §7: o for songs, os for the others; gigs have none). */
  ownership?: 'o' | 'os';
}

const ENDPOINTS: Record<string, Endpoints> = {
  songs: {
    list: '/api/admin/songs',
    one: (id) => `/api/admin/song/${id}`,
    add: '/api/admin/addsong',
    ownership: 'o',
  },
  performers: {
    list: '/api/admin/performers',
    one: (id) => `/api/admin/performer/${id}`,
    add: '/api/admin/addperformer',
    ownership: 'os',
  },
  playlists: {
    list: '/api/admin/playlists',
    one: (id) => `/api/admin/playlist/${id}`,
    add: '/api/admin/addplaylist',
    ownership: 'os',
  },
  gigs: { list: '/api/admin/gigs', one: (id) => `/api/admin/gig/${id}`, add: '/api/admin/addgig' },
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

const unsupported = (what: string) => () => Promise.reject(new Error(`${what} is not supported.`));

/**
 * Maps react-admin's calls onto Encore's irregular endpoints (spec §7). A factory taking its
 * httpClient, so that tests can check the exact URL, method and body.
 */
export function createDataProvider(http: HttpClient): EncoreDataProvider {
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
        body: toFormData(data as Record<string, unknown>),
      });
      return { data: { ...data, id: json.id } } as never;
    },
    async update(resource, { id, data }) {
      const { json } = await http<RaRecord>(`${endpoints(resource).one(id)}/update`, {
        method: 'POST',
        body: toFormData(data as Record<string, unknown>),
      });
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
    async getPerformerOptions() {
      const { json } = await http<Option[]>('/api/admin/performers');
      return json;
    },
    async getPlaylistOptions() {
      const { json } = await http<{ data: Option[] }>('/api/admin/playlists');
      return json.data;
    },
    async getGigQrCode(id) {
      const { json } = await http<Blob>(`/api/admin/gig/qrc/${id}`, { as: 'blob' });
      return json;
    },
    async getGigSummary(id) {
      const { json } = await http<GigRequestSummary>(`/api/admin/gig/${id}/requests-summary`);
      return json;
    },
    ...createAdminApi(http),
    ...createSystemApi(http),
  };
}
