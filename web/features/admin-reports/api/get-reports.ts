import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { AdminReportPage } from '../../../../contracts/customer-area.ts';
import type { ReportStatus } from '../../../../contracts/constants.ts';
import { type AccessToken, useAccessToken } from '../../../lib/access-token.tsx';
import { apiGet } from '../../../lib/api-client.ts';

/** Which reports the list shows: of one status, or all (null). */
export interface ReportListQuery {
  status: ReportStatus | null;
}

/** The admin's report queries: each filter's list, and the menu's count of reports waiting. */
export const adminReportKeys = {
  all: () => ['admin', 'reports'] as const,
  lists: () => [...adminReportKeys.all(), 'list'] as const,
  list: (query: ReportListQuery) => [...adminReportKeys.lists(), query] as const,
  count: () => [...adminReportKeys.all(), 'count'] as const,
};

/** GET /api/admin/reports: newest first, optionally of one status, with who reported each. */
export const getReports = (
  accessToken: string,
  { status }: ReportListQuery,
  cursor: string | null,
  signal?: AbortSignal,
) => {
  const query = new URLSearchParams();
  if (status) query.set('status', status);
  if (cursor) query.set('cursor', cursor);
  return apiGet<AdminReportPage>(`/admin/reports?${query}`, { signal, accessToken });
};

export const getReportsQueryOptions = (accessToken: AccessToken, query: ReportListQuery) =>
  infiniteQueryOptions({
    queryKey: adminReportKeys.list(query),
    queryFn: async ({ pageParam, signal }) => getReports(await accessToken(), query, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
    // The rows shown stay, dimmed, while another status's load.
    placeholderData: keepPreviousData,
    meta: { errorToast: 'adminReports:toasts.loadError' },
  });

export const useReports = (query: ReportListQuery) => useInfiniteQuery(getReportsQueryOptions(useAccessToken(), query));
