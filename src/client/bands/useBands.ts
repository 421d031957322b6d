import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { EncoreDataProvider } from '../providers/dataProvider';

export const BANDS_KEY = ['admin', 'bands'];

/** Every band (GET /api/admin/bands), for the bands screen and the users screen's band choices. */
export function useBands() {
  const dataProvider = useDataProvider<EncoreDataProvider>();
  return useQuery({ queryKey: BANDS_KEY, queryFn: () => dataProvider.getBands(), retry: false });
}
