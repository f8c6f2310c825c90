import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import type { AdminReportCount } from '../../../../contracts/admin.ts';
import { type AccessToken, useAccessToken } from '../../../lib/access-token.tsx';
import { apiGet } from '../../../lib/api-client.ts';
import { adminReportKeys } from './get-reports.ts';

/** GET /api/admin/reports/count: the reports no admin has answered (status Ny). */
export const getWaitingReportCount = (accessToken: string, signal?: AbortSignal) =>
  apiGet<AdminReportCount>('/admin/reports/count', { signal, accessToken });

export const getWaitingReportCountQueryOptions = (accessToken: AccessToken) =>
  queryOptions({
    queryKey: adminReportKeys.count(),
    queryFn: async ({ signal }) => getWaitingReportCount(await accessToken(), signal),
    // Customers file reports from their own pages: the count is asked again when the admin comes back to the tab.
    refetchOnWindowFocus: true,
  });

/**
 * The admin menu's count of reports waiting (issue 28); undefined while unknown and when not `enabled`
 * (the other areas' menus share the shell and never ask).
 */
export function useWaitingReportCount(enabled: boolean): number | undefined {
  const options = getWaitingReportCountQueryOptions(useAccessToken());
  const query = useQuery({ ...options, queryFn: enabled ? options.queryFn : skipToken });
  return enabled ? query.data?.waiting : undefined;
}
