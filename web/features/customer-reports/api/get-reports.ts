import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { ReportPage } from '../../../../contracts/customer-area.ts';
import { type AccessToken, useAccessToken } from '../../../lib/access-token.tsx';
import { apiGet } from '../../../lib/api-client.ts';
import { useSignedInUserId } from '../../../lib/signed-in-user.tsx';

/** Under the customer's id: the next person signing in on this browser never sees these. */
export const customerReportKeys = {
  list: (customerId: string) => ['customer-reports', customerId, 'list'] as const,
};

/** GET /api/me/reports: the customer's own reports, newest first, with the admin's answers. */
export const getReports = (accessToken: string, cursor: string | null, signal?: AbortSignal) => {
  const query = new URLSearchParams();
  if (cursor) query.set('cursor', cursor);
  return apiGet<ReportPage>(`/me/reports?${query}`, { signal, accessToken });
};

export const getReportsQueryOptions = (accessToken: AccessToken, customerId: string) =>
  infiniteQueryOptions({
    queryKey: customerReportKeys.list(customerId),
    queryFn: async ({ pageParam, signal }) => getReports(await accessToken(), pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
    meta: { errorToast: 'customerArea:reports.toasts.loadError' },
  });

export const useReports = () => useInfiniteQuery(getReportsQueryOptions(useAccessToken(), useSignedInUserId()));
