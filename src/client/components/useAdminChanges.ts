import { useQueryClient } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import { BANDS_KEY } from '../bands/useBands';
import type { EncoreDataProvider } from '../providers/dataProvider';
import { useRefreshIdentity } from '../providers/identity';

export const USERS_KEY = ['admin', 'users'];

/**
 * What follows any change to users or bands: both lists reload (bands show member counts, users band names), and
 * the signed-in user's own data is fetched again so the header and footer show their current band.
 */
export function useAdminChanges() {
  const dataProvider = useDataProvider<EncoreDataProvider>();
  const queryClient = useQueryClient();
  const refreshIdentity = useRefreshIdentity();
  return {
    dataProvider,
    async changed() {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: USERS_KEY }),
        queryClient.invalidateQueries({ queryKey: BANDS_KEY }),
        // Spec §8: a failed user refresh is only logged.
        refreshIdentity().catch((error: unknown) =>
          console.error('Could not refresh the signed-in user', error),
        ),
      ]);
    },
  };
}
