import { type RaRecord, useGetOne } from 'react-admin';
import { useParams } from 'react-router-dom';

/**
 * The record of an edit screen (its id from the route). react-admin copies each list row into the
 * getOne cache; list rows lack fields the edit screens need (a playlist's songs, a gig's token), so
 * the edit screens read under their own cache key (the `meta`) and wait for the full record.
 */
export function useRecord<T extends RaRecord>(resource: string) {
  const { id } = useParams();
  const { data, isPending, error, refetch } = useGetOne<T>(resource, {
    id: Number(id),
    meta: { screen: 'edit' },
  });
  return { record: data, loading: isPending, error, refetch };
}
