import { useQueryClient } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import { BANDS_KEY } from '../bands/useBands';
import type { EncoreDataProvider } from '../providers/dataProvider';
import { mergeStoredUser } from '../providers/userStore';

export const USERS_KEY = ['admin', 'users'];

/**
 * What follows any change to users or bands: both lists reload (bands show member counts, users band names), and
 * the signed-in user's own data is fetched again so the header and footer show their current band.
 */
export function useAdminChanges() {
  const dataProvider = useDataProvider<EncoreDataProvider>();
  const queryClient = useQueryClient();
  return {
    dataProvider,
    async changed() {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: USERS_KEY }),
        queryClient.invalidateQueries({ queryKey: BANDS_KEY }),
        dataProvider.getCurrentUser().then(mergeStoredUser, (error: unknown) =>
          // Spec §8: a failed user refresh is only logged.
          console.error('Could not refresh the signed-in user', error),
        ),
      ]);
    },
  };
}
