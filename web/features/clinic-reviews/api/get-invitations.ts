import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { ClinicInvitationPage } from '../../../../contracts/reviews.ts';
import { type AccessToken, useAccessToken } from '../../../lib/access-token.tsx';
import { apiGet } from '../../../lib/api-client.ts';
import { useSignedInUserId } from '../../../lib/signed-in-user.tsx';

/** Under the clinic's id: whoever signs in next on this browser never sees these. */
export const clinicInvitationKeys = {
  list: (clinicId: string) => ['clinic-reviews', clinicId, 'invitations'] as const,
};

/** GET /api/clinic/review-invitations: the clinic's invitations, newest first, and what today still allows. */
export const getInvitations = (accessToken: string, cursor: string | null, signal?: AbortSignal) => {
  const query = new URLSearchParams();
  if (cursor) query.set('cursor', cursor);
  return apiGet<ClinicInvitationPage>(`/clinic/review-invitations?${query}`, { signal, accessToken });
};

export const getInvitationsQueryOptions = (accessToken: AccessToken, clinicId: string) =>
  infiniteQueryOptions({
    queryKey: clinicInvitationKeys.list(clinicId),
    queryFn: async ({ pageParam, signal }) => getInvitations(await accessToken(), pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
    meta: { errorToast: 'clinicReviews:toasts.loadError' },
  });

export const useInvitations = () => useInfiniteQuery(getInvitationsQueryOptions(useAccessToken(), useSignedInUserId()));
