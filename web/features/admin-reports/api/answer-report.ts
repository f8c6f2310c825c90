import { type InfiniteData, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminReportPage, Report, ReportResponseForm } from '../../../../contracts/customer-area.ts';
import { useAccessToken } from '../../../lib/access-token.tsx';
import { apiSend } from '../../../lib/api-send.ts';
import type { MutationCallbacks } from '../../../lib/query-client.ts';
import { adminReportKeys } from './get-reports.ts';

export type ReportAnswer = { reportId: string } & ReportResponseForm;

/** PATCH /api/admin/reports/:id: the answer the customer reads; saving always marks the report Hanterad (SPEC section 4). */
export const answerReport = (accessToken: string, { reportId, adminResponse }: ReportAnswer) =>
  apiSend<Report>('PATCH', `/admin/reports/${encodeURIComponent(reportId)}`, { adminResponse }, { accessToken });

export function useAnswerReport({ onSuccess, onError }: MutationCallbacks<Report, ReportAnswer> = {}) {
  const accessToken = useAccessToken();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (answer: ReportAnswer) => answerReport(await accessToken(), answer),
    onSuccess: async (report, answer) => {
      // The row shows its new status and answer at once; the lists then load again, as a filtered one may
      // lose it, and the menu's count of reports waiting with them.
      queryClient.setQueriesData<InfiniteData<AdminReportPage>>(
        { queryKey: adminReportKeys.lists() },
        (list) =>
          list && {
            ...list,
            pages: list.pages.map((page) => ({
              ...page,
              items: page.items.map((item) => (item.id === report.id ? { ...item, ...report } : item)),
            })),
          },
      );
      onSuccess?.(report, answer);
      await queryClient.invalidateQueries({ queryKey: adminReportKeys.all() });
    },
    onError,
  });
}
