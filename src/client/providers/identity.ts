import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useAuthProvider, useGetIdentity, usePermissions } from 'react-admin';
import { type EncoreAuthProvider, type Identity, NO_PERMISSIONS, type Permissions } from './authProvider';

/** The signed-in user (react-admin's useGetIdentity over the authProvider), or undefined while loading. */
export function useIdentity(): Identity | undefined {
  return useGetIdentity().identity as Identity | undefined;
}

/** What the signed-in user may do (react-admin's usePermissions); none while loading. */
export function usePermissionsOf(): Permissions {
  const { permissions } = usePermissions<Permissions>();
  return permissions ?? NO_PERMISSIONS;
}

/** The one refresh path for GET /api/user: fetch it again, then let identity and permissions re-read it. */
export function useRefreshIdentity() {
  const authProvider = useAuthProvider() as EncoreAuthProvider | undefined;
  const queryClient = useQueryClient();
  return useCallback(async () => {
    await authProvider?.refreshUser();
    await queryClient.invalidateQueries({ queryKey: ['auth'] });
  }, [authProvider, queryClient]);
}
