import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InvitationByToken } from '../../../../contracts/reviews.ts';
import { ApiRequestError, apiGet } from '../../../lib/api-client.ts';
import { customerReviewKeys } from './keys.ts';

/** GET /api/review-invitations/:token (no sign-in): the clinic, the invited address, the visit and whether the link is open. */
export const getInvitationByToken = (token: string, signal?: AbortSignal) =>
  apiGet<InvitationByToken>(`/review-invitations/${encodeURIComponent(token)}`, { signal });

/** The server knows no invitation of this link (404), rather than failing to answer. */
export const isUnknownInvitation = (error: unknown) => error instanceof ApiRequestError && error.status === 404;

export const getInvitationByTokenQueryOptions = (token: string) =>
  queryOptions({
    queryKey: customerReviewKeys.byToken(token),
    queryFn: ({ signal }) => getInvitationByToken(token, signal),
    // An unknown link stays unknown: asking again only counts against the per-address limit.
    retry: (failures, error) => !isUnknownInvitation(error) && failures < 1,
  });

export const useInvitationByToken = (token: string) => useQuery(getInvitationByTokenQueryOptions(token));
