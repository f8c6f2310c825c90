import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ClinicMembership } from '../../../../contracts/payments.ts';
import { type AccessToken, useAccessToken } from '../../../lib/access-token.tsx';
import { apiGet } from '../../../lib/api-client.ts';
import { useSignedInUserId } from '../../../lib/signed-in-user.tsx';

/** GET /api/clinic/membership: the plans, the year to pay (and this year during a renewal), every payment. */
export const getMembership = (accessToken: string, signal?: AbortSignal) =>
  apiGet<ClinicMembership>('/clinic/membership', { signal, accessToken });

/** Every membership query starts with the signed-in clinic's id: another clinic signing in never sees this one's. */
export const membershipKeys = {
  all: (clinicId: string) => ['membership', clinicId] as const,
  summary: (clinicId: string) => [...membershipKeys.all(clinicId), 'summary'] as const,
  payment: (clinicId: string, paymentId: string) => [...membershipKeys.all(clinicId), 'payment', paymentId] as const,
};

export const getMembershipQueryOptions = (clinicId: string, accessToken: AccessToken) =>
  queryOptions({
    queryKey: membershipKeys.summary(clinicId),
    queryFn: async ({ signal }) => getMembership(await accessToken(), signal),
    meta: { errorToast: 'payments:toasts.loadError' },
  });

export const useMembership = () => useQuery(getMembershipQueryOptions(useSignedInUserId(), useAccessToken()));
