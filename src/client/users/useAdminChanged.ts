import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useRefreshIdentity } from '../providers/identity';

/**
 * What follows a change to users or bands: the lists given reload (bands show member counts, users
 * band names), and the signed-in user is fetched again so the header and footer show their band.
 * react-admin already reloads the changed resource's lists after a create or a delete; give only the
 * others then, or they load twice.
 */
export function useAdminChanged() {
  const queryClient = useQueryClient();
  const refreshIdentity = useRefreshIdentity();
  return useCallback(
    async (...resources: ('users' | 'bands')[]) => {
      await Promise.all([
        ...resources.map((resource) => queryClient.invalidateQueries({ queryKey: [resource] })),
        // Spec §8: a failed user refresh is only logged.
        refreshIdentity().catch((error: unknown) =>
          console.error('Could not refresh the signed-in user', error),
        ),
      ]);
    },
    [queryClient, refreshIdentity],
  );
}

/** A record react-admin's data provider answered without an id: the user was signed out on the way
 *  (401/403), nothing was changed, and the login page says why. */
export const signedOut = (record: { id?: unknown } | void | undefined) => record?.id == null;

/** The server's 422 errors, keyed by the record's fields, for the form to show under each field. */
export const fieldErrors = (error: unknown) =>
  (error as { body?: { errors?: Record<string, string> } } | null)?.body?.errors;
