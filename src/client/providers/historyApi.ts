import type { DataProvider, GetListParams, GetListResult, RaRecord } from 'react-admin';
import type { HttpClient } from './httpClient';
import { unsupported } from './repertoire';

/** The items whose changes the history keeps (issue 28). */
export type HistoryKind = 'song' | 'performer' | 'playlist' | 'gig' | 'user' | 'band';

interface Named {
  id: number;
  naziv: string | null;
}

/** One field of a change: before and after, with the names of what an id names; a playlist's songs. */
export interface HistoryChange {
  field: string;
  before: unknown;
  after: unknown;
  before_name?: string | null;
  after_name?: string | null;
  added?: Named[];
  removed?: Named[];
  moved?: Named[];
}

/** One change (GET /api/admin/history/{kind}/{id}, GET /api/admin/activity). */
export interface HistoryEntry extends RaRecord {
  id: number;
  at: string;
  user_id: number | null;
  user_name: string;
  band_id: number | null;
  kind: HistoryKind;
  item_id: number;
  item_name: string;
  action: 'create' | 'update' | 'delete' | 'restore';
  /** The item's newest change: the item as it is now. */
  latest: boolean;
  changes: HistoryChange[];
}

export interface RestoreAnswer {
  message: string;
  code?: string;
  params?: Record<string, string | number>;
  not_restored: { field: string; reason: string; ids?: number[] }[];
}

export interface HistoryApi {
  getHistory(kind: HistoryKind, id: number): Promise<HistoryEntry[]>;
  /** Brings the item back to the version this change made (a delete: to before it). */
  restoreVersion(historyId: number): Promise<RestoreAnswer>;
  /** Undo of a delete: a song, performer or playlist deleted in the last 30 days comes back. */
  restoreDeleted(kind: 'song' | 'performer' | 'playlist', id: number): Promise<RestoreAnswer>;
}

export function createHistoryApi(http: HttpClient): HistoryApi {
  return {
    async getHistory(kind, id) {
      const { json } = await http<{ data: HistoryEntry[] }>(`/api/admin/history/${kind}/${id}`);
      return json.data;
    },
    async restoreDeleted(kind, id) {
      const { json } = await http<RestoreAnswer>(`/api/admin/trash/${kind}/${id}/restore`, {
        method: 'POST',
      });
      return json;
    },
    async restoreVersion(historyId) {
      const { json } = await http<RestoreAnswer>(`/api/admin/history/${historyId}/restore`, {
        method: 'POST',
      });
      return json;
    },
  };
}

/** The activity log's query: its filters (band, user, kind, from, to) and page. */
export function activityQuery(filter: Record<string, unknown>, page?: number, size?: number) {
  const query = new URLSearchParams();
  for (const key of ['band', 'user', 'kind', 'from', 'to']) {
    const value = filter[key];
    if (value !== undefined && value !== null && value !== '') query.set(key, String(value));
  }
  if (page !== undefined) query.set('pg', String(page));
  if (size !== undefined) query.set('size', String(size));
  return query;
}

/** The activity log as a read-only react-admin resource (system admins; GET /api/admin/activity). */
export function createActivityProvider(http: HttpClient): DataProvider {
  return {
    async getList<R extends RaRecord>(_resource: string, params: GetListParams): Promise<GetListResult<R>> {
      const { page = 1, perPage = 20 } = params.pagination ?? {};
      const query = activityQuery(params.filter ?? {}, page - 1, perPage);
      const { json } = await http<{ data: R[]; total: number }>(`/api/admin/activity?${query}`);
      return { data: json.data, total: json.total };
    },
    getOne: unsupported('Reading one change'),
    getMany: unsupported('Reading changes'),
    getManyReference: unsupported('Listing by reference'),
    create: unsupported('Adding a change'),
    update: unsupported('Changing a change'),
    updateMany: unsupported('Changing changes'),
    delete: unsupported('Deleting a change'),
    deleteMany: unsupported('Deleting changes'),
  };
}
