import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CustomerInvitation } from '../../../../contracts/reviews.ts';
import { type AccessToken, useAccessToken } from '../../../lib/access-token.tsx';
import { apiSend } from '../../../lib/api-send.ts';
import { useSignedInUserId } from '../../../lib/signed-in-user.tsx';
import { customerReviewKeys } from './keys.ts';

/** POST /api/me/review-invitations/claim: the signed-in customer takes the invitation the link names. */
export const claimInvitation = (accessToken: string, token: string) =>
  apiSend<CustomerInvitation>('POST', '/me/review-invitations/claim', { token }, { accessToken });

/**
 * Claiming happens as the invited customer opens the link, before the form shows. A query rather than
 * a mutation: the claim is idempotent on the server, so a query's one request per page (not one per
 * render, nor two in React's strict mode) with its loading and error states is exactly what is needed.
 */
export const claimInvitationQueryOptions = (accessToken: AccessToken, customerId: string, token: string) =>
  queryOptions({
    queryKey: customerReviewKeys.claim(customerId, token),
    queryFn: async () => claimInvitation(await accessToken(), token),
    staleTime: Infinity,
    retry: false,
  });

export const useClaimInvitation = (token: string) =>
  useQuery(claimInvitationQueryOptions(useAccessToken(), useSignedInUserId(), token));
