import type { DataProvider } from 'react-admin';
import type { DashboardData } from '../../shared/api-types';
import type { HttpClient } from './httpClient';

export interface EncoreDataProvider extends DataProvider {
  getDashboard(): Promise<DashboardData>;
}

const notYet = (what: string) => () =>
  Promise.reject(new Error(`${what} is not available in this version of Encore.`));

/**
 * Maps react-admin's calls onto Encore's irregular endpoints (spec §7). A factory taking its
 * httpClient, so that tests can check the exact URL, method and body.
 */
export function createDataProvider(http: HttpClient): EncoreDataProvider {
  return {
    getList: notYet('Listing'),
    getOne: notYet('Reading'),
    getMany: notYet('Reading'),
    getManyReference: notYet('Reading'),
    create: notYet('Adding'),
    update: notYet('Updating'),
    updateMany: notYet('Updating'),
    delete: notYet('Deleting'),
    deleteMany: notYet('Deleting'),
    async getDashboard() {
      const { json } = await http<{ data: DashboardData }>('/api/admin/dashboard');
      return json.data;
    },
  };
}
