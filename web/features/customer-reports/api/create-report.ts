import { type InfiniteData, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Report, ReportForm, ReportPage } from '../../../../contracts/customer-area.ts';
import { useAccessToken } from '../../../lib/access-token.tsx';
import { apiSend } from '../../../lib/api-send.ts';
import type { MutationCallbacks } from '../../../lib/query-client.ts';
import { useSignedInUserId } from '../../../lib/signed-in-user.tsx';
import { customerReportKeys } from './get-reports.ts';

/** POST /api/me/reports: a report about a clinic, by name (the server links it to a registered clinic of that name). */
export const createReport = (accessToken: string, report: ReportForm) =>
  apiSend<Report>('POST', '/me/reports', report, { accessToken });

export function useCreateReport({ onSuccess, onError }: MutationCallbacks<Report, ReportForm> = {}) {
  const accessToken = useAccessToken();
  const customerId = useSignedInUserId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (report: ReportForm) => createReport(await accessToken(), report),
    onSuccess: (report, form) => {
      // The newest report heads the list; the loaded pages' cursors stay valid.
      queryClient.setQueryData<InfiniteData<ReportPage>>(customerReportKeys.list(customerId), (list) => {
        const [first, ...rest] = list?.pages ?? [];
        return list && first ? { ...list, pages: [{ ...first, items: [report, ...first.items] }, ...rest] } : list;
      });
      onSuccess?.(report, form);
    },
    onError,
  });
}
