import { MessageSquareReplyIcon } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Report } from '../../../../contracts/customer-area.ts';
import { ListSkeleton } from '../../../components/list-skeleton.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { ReportStatusBadge } from '../../../components/report-status-badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { formatDate } from '../../../lib/format.ts';
import { useReports } from '../api/get-reports.ts';

function ReportItem({ report }: { report: Report }) {
  const { t } = useTranslation('customerArea');
  return (
    <article className="grid gap-3 rounded-lg border bg-card p-5 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h3 className="font-semibold">{report.clinicName}</h3>
          <p className="text-sm text-muted-foreground">
            {t('reports.list.sentOn')} <time dateTime={report.createdAt}>{formatDate(report.createdAt)}</time>
          </p>
        </div>
        <ReportStatusBadge status={report.status} />
      </div>
      <p className="text-sm whitespace-pre-wrap">{report.content}</p>
      {report.adminResponse ? (
        <div className="grid gap-1 rounded-md bg-muted p-4">
          <h4 className="flex items-center gap-2 text-sm font-semibold">
            <MessageSquareReplyIcon className="size-4 text-primary" aria-hidden />
            {t('reports.list.response')}
          </h4>
          <p className="text-sm whitespace-pre-wrap">{report.adminResponse}</p>
        </div>
      ) : (
        <p className="text-sm text-muted-foreground">{t('reports.list.awaitingResponse')}</p>
      )}
    </article>
  );
}

/** The customer's own reports, newest first, each with its status (Ny, Hanterad) and the admin's answer. */
export function MyReports() {
  const { t } = useTranslation('customerArea');
  const headingId = useId();
  const reports = useReports();
  const items = reports.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <section aria-labelledby={headingId} className="grid gap-4">
      <h2 id={headingId} className="text-xl font-semibold">
        {t('reports.list.title')}
      </h2>
      {!reports.data ? (
        reports.isError ? (
          <LoadError
            message={t('reports.list.loadError')}
            onRetry={() => void reports.refetch()}
            retrying={reports.isFetching}
          />
        ) : (
          <ListSkeleton rows={3} rowClassName="h-32" />
        )
      ) : items.length === 0 ? (
        <p role="status" className="rounded-lg border border-dashed bg-card p-10 text-center text-muted-foreground">
          {t('reports.list.empty')}
        </p>
      ) : (
        <ul aria-labelledby={headingId} className="grid gap-4">
          {items.map((report) => (
            <li key={report.id}>
              <ReportItem report={report} />
            </li>
          ))}
        </ul>
      )}
      {reports.hasNextPage ? (
        <div className="flex justify-center">
          <Button variant="outline" onClick={() => void reports.fetchNextPage()} pending={reports.isFetchingNextPage}>
            {reports.isFetchingNextPage ? t('reports.list.loadingMore') : t('reports.list.showMore')}
          </Button>
        </div>
      ) : null}
    </section>
  );
}
