import { queryOptions } from '@tanstack/react-query';
import type { OwnProfile } from '../../../../contracts/auth.ts';
import { apiGet } from '../../../lib/api-client.ts';

export const getOwnProfile = (accessToken: string, signal?: AbortSignal) =>
  apiGet<OwnProfile>('/me/profile', { signal, accessToken });

export const ownProfileKeys = { all: ['auth', 'own-profile'] as const };

/**
 * Keyed by the access token: a new session (sign-in, token refresh, recovery) loads the profile
 * again (SPEC section 4), while re-renders with the same session reuse it. A failure is only logged
 * (SPEC section 8); the signed-in user then falls back to the plain auth user.
 */
export const getOwnProfileQueryOptions = (accessToken: string) =>
  queryOptions({
    queryKey: [...ownProfileKeys.all, accessToken],
    queryFn: ({ signal }) =>
      getOwnProfile(accessToken, signal).catch((error: unknown) => {
        console.error('Could not load the signed-in profile; using the plain auth user', error);
        throw error;
      }),
    staleTime: Infinity,
    retry: false,
  });
