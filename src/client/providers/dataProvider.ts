import { combineDataProviders, type DataProvider, type Identifier } from 'react-admin';
import type {
  DashboardData,
  FormerBandSlug,
  GigRequestSummary,
  InsightsData,
  InsightsQuery,
} from '../../shared/api-types';
import { createAdminResources } from './adminApi';
import type { HttpClient } from './httpClient';
import { createActivityProvider, createHistoryApi, type HistoryApi } from './historyApi';
import { createRepertoireProvider } from './repertoire';
import { createSystemApi, type SystemApi } from './systemApi';

/** Encore's calls that are not one resource's: the dashboard, QR codes, band links, the after-show. */
interface PanelApi {
  getDashboard(): Promise<DashboardData>;
  /** Every playlist a gig may use, oldest first (spec §7: GET /api/admin/playlists without a query);
   *  a new gig preselects the first of the band's own (spec §4). */
  getPlaylistOptions(): Promise<{ id: number; naziv: string; owned: boolean }[]>;
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
  /** Insights across gigs (GET /api/admin/insights; issue 29). */
  getInsights(query: InsightsQuery): Promise<InsightsData>;
}

export interface EncoreDataProvider extends DataProvider, PanelApi, SystemApi, HistoryApi {}

/** The insights' query string (also the CSV downloads'): the band only when one is chosen. */
export function insightsParams({ band, from, to }: InsightsQuery) {
  const params = new URLSearchParams({ from, to });
  if (band !== undefined) params.set('band', String(band));
  return params;
}

function createPanelApi(http: HttpClient): PanelApi {
  return {
    async getDashboard() {
      const { json } = await http<{ data: DashboardData }>('/api/admin/dashboard');
      return json.data;
    },
    async getPlaylistOptions() {
      const { json } = await http<{ data: { id: number; naziv: string; owned: boolean }[] }>(
        '/api/admin/playlists',
      );
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
    async getInsights(query) {
      const { json } = await http<InsightsData>(`/api/admin/insights?${insightsParams(query)}`);
      return json;
    },
  };
}

/**
 * Maps react-admin's calls onto Encore's irregular endpoints (spec §7). A factory taking its
 * httpClient, so that tests can check the exact URL, method and body. Users and bands (spec §7 Users,
 * Bands) have endpoints of their own; songs, performers, playlists and gigs share one shape.
 */
export function createDataProvider(http: HttpClient): EncoreDataProvider {
  const { users, bands } = createAdminResources(http);
  const repertoire = createRepertoireProvider(http);
  const activity = createActivityProvider(http);
  const byName: Record<string, DataProvider> = { users, bands, activity };
  const resources = combineDataProviders((resource) => byName[resource] ?? repertoire);
  return { ...resources, ...createPanelApi(http), ...createSystemApi(http), ...createHistoryApi(http) };
}
