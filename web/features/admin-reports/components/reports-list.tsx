import { BadgeCheckIcon, MessageSquareReplyIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { AdminReport } from '../../../../contracts/customer-area.ts';
import { REPORT_STATUSES, type ReportStatus } from '../../../../contracts/constants.ts';
import { ListSkeleton } from '../../../components/list-skeleton.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { ReportStatusBadge } from '../../../components/report-status-badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import {
  Table,
  TableActionsCell,
  TableActionsHead,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '../../../components/ui/table.tsx';
import { ToggleGroup, ToggleGroupItem } from '../../../components/ui/toggle-group.tsx';
import { cn } from '../../../lib/cn.ts';
import { formatDate } from '../../../lib/format.ts';
import { useReports } from '../api/get-reports.ts';
import { ReportDialog } from './report-dialog.tsx';

const ALL = 'all';
const FILTERS = [ALL, ...REPORT_STATUSES] as const;
const FILTER_KEYS: Record<(typeof FILTERS)[number], string> = { all: 'all', Ny: 'new', Hanterad: 'handled' };

const isReportStatus = (value: string | null): value is ReportStatus =>
  (REPORT_STATUSES as readonly (string | null)[]).includes(value);

/**
 * SPEC section 2 "Admin area", reports: the customers' reports newest first, filtered by status
 * (kept in the address: `?status=Ny`), page after page; each handled in the 'Hantera rapport' dialog.
 */
export function ReportsList() {
  const { t } = useTranslation(['adminReports', 'common']);
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('status');
  const status = isReportStatus(requested) ? requested : null;
  const reports = useReports({ status });
  // The row's button too: focus goes back to it when the dialog closes.
  const [managing, setManaging] = useState<{ report: AdminReport; button: HTMLElement } | null>(null);
  const items = reports.data?.pages.flatMap((page) => page.items) ?? [];

  const filter = (value: string) => {
    // A single toggle group lets its pressed item be pressed off: that leaves the filter as it is.
    if (!value) return;
    setSearchParams((current) => {
      const next = new URLSearchParams(current);
      if (isReportStatus(value)) next.set('status', value);
      else next.delete('status');
      return next;
    });
  };

  return (
    <div className="grid gap-6">
      <ToggleGroup type="single" value={status ?? ALL} onValueChange={filter} aria-label={t('filter.label')}>
        {FILTERS.map((value) => (
          <ToggleGroupItem key={value} value={value}>
            {value === ALL ? t('filter.all') : t(`common:reportStatus.${FILTER_KEYS[value]}`)}
          </ToggleGroupItem>
        ))}
      </ToggleGroup>

      {!reports.data ? (
        reports.isError ? (
          <LoadError message={t('loadError')} onRetry={() => void reports.refetch()} retrying={reports.isFetching} />
        ) : (
          <ListSkeleton rows={8} rowClassName="h-16" />
        )
      ) : items.length === 0 ? (
        <p role="status" className="rounded-lg border border-dashed bg-card p-10 text-center text-muted-foreground">
          {t(`empty.${FILTER_KEYS[status ?? ALL]}`)}
        </p>
      ) : (
        <div
          className={cn(
            // min-w-0: the table scrolls inside this frame instead of widening the page (web/components/paged-list.tsx).
            'min-w-0 rounded-lg border bg-card shadow-sm transition-opacity',
            reports.isPlaceholderData && 'opacity-60',
          )}
          aria-busy={reports.isPlaceholderData}
        >
          <Table>
            <TableCaption className="sr-only">{t('tableCaption')}</TableCaption>
            <TableHeader>
              <TableRow>
                <TableHead scope="col">{t('columns.sent')}</TableHead>
                <TableHead scope="col">{t('columns.report')}</TableHead>
                <TableHead scope="col">{t('columns.reporter')}</TableHead>
                <TableHead scope="col">{t('columns.status')}</TableHead>
                <TableActionsHead scope="col">
                  <span className="sr-only">{t('columns.actions')}</span>
                </TableActionsHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {items.map((report) => (
                <TableRow key={report.id}>
                  <TableCell className="whitespace-nowrap">
                    <time dateTime={report.createdAt}>{formatDate(report.createdAt)}</time>
                  </TableCell>
                  <TableCell className="max-w-md">
                    <p className="flex items-center gap-1.5 font-medium">
                      {report.clinicName}
                      {report.clinicId ? (
                        <span title={t('registered')} className="inline-flex text-success">
                          <BadgeCheckIcon className="size-4" aria-hidden />
                          <span className="sr-only">{t('registered')}</span>
                        </span>
                      ) : null}
                    </p>
                    <p className="line-clamp-2 text-xs text-muted-foreground">{report.content}</p>
                  </TableCell>
                  <TableCell>
                    <p>{report.reporter.fullName}</p>
                    {/* A deleted reporter has no address left (issue 26). */}
                    {report.reporter.email ? (
                      <p className="text-xs break-all text-muted-foreground">{report.reporter.email}</p>
                    ) : null}
                  </TableCell>
                  <TableCell>
                    <ReportStatusBadge status={report.status} />
                  </TableCell>
                  <TableActionsCell>
                    <Button
                      variant="outline"
                      size="sm"
                      aria-label={t('manageReport', { clinic: report.clinicName })}
                      onClick={(event) => setManaging({ report, button: event.currentTarget })}
                    >
                      <MessageSquareReplyIcon aria-hidden />
                      {t('manage')}
                    </Button>
                  </TableActionsCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      )}

      {reports.hasNextPage ? (
        <div className="flex justify-center">
          <Button variant="outline" onClick={() => void reports.fetchNextPage()} pending={reports.isFetchingNextPage}>
            {reports.isFetchingNextPage ? t('loadingMore') : t('showMore')}
          </Button>
        </div>
      ) : null}

      <ReportDialog
        report={managing?.report ?? null}
        onClose={() => setManaging(null)}
        onCloseAutoFocus={() => managing?.button.focus()}
      />
    </div>
  );
}
