import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { PagedList } from '../../../components/paged-list.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { Label } from '../../../components/ui/label.tsx';
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '../../../components/ui/table.tsx';
import { adminApplicationHref } from '../../../config/paths.ts';
import { formatDate, formatNumber } from '../../../lib/format.ts';
import { useListParams } from '../../../lib/use-list-params.ts';
import { useApplications } from '../api/get-applications.ts';
import type { ReviewLinkState } from './application-review.tsx';
import { ApplicationStatusBadge } from './status-badges.tsx';

/**
 * SPEC section 2 "Admin area", applications: the clinics in Väntar and Nekad, newest first, each
 * opening its review; those sent in, and behind the filter the drafts too, marked Utkast (issue 28).
 * The filter and the page live in the address, so the review leads back to them.
 */
export function ApplicationsList() {
  const { t } = useTranslation('admin');
  const filterId = useId();
  const location = useLocation();
  const { searchParams, page, update, setPage } = useListParams();
  const drafts = searchParams.get('drafts') === 'true';
  const applications = useApplications({ drafts, page });
  const linkState: ReviewLinkState = { listSearch: location.search };

  return (
    <div className="grid gap-6">
      <div className="flex items-center gap-3">
        <Checkbox
          id={filterId}
          checked={drafts}
          onCheckedChange={(checked) => update({ drafts: checked === true ? 'true' : null })}
        />
        <Label htmlFor={filterId}>{t('applications.filterDrafts')}</Label>
      </div>
      <PagedList
        query={applications}
        page={page}
        onPageChange={setPage}
        loadErrorMessage={t('applications.loadError')}
        emptyMessage={drafts ? t('applications.emptyDrafts') : t('applications.empty')}
        rowClassName="h-16"
      >
        {(items) => (
          <Table>
            <TableCaption className="sr-only">{t('applications.tableCaption')}</TableCaption>
            <TableHeader>
              <TableRow>
                <TableHead scope="col">{t('applications.columns.clinic')}</TableHead>
                <TableHead scope="col">{t('applications.columns.status')}</TableHead>
                <TableHead scope="col">{t('applications.columns.sentIn')}</TableHead>
                <TableHead scope="col" className="text-right">
                  {t('applications.columns.documents')}
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {items.map((application) => (
                <TableRow key={application.id}>
                  <TableCell>
                    <Link
                      to={adminApplicationHref(application.id)}
                      state={linkState}
                      className="font-medium text-primary underline-offset-4 hover:underline"
                    >
                      {application.fullName}
                    </Link>
                    <p className="text-xs text-muted-foreground">
                      {[application.city, application.email].filter(Boolean).join(' · ')}
                    </p>
                  </TableCell>
                  <TableCell>
                    <ApplicationStatusBadge status={application.applicationStatus} phase={application.phase} />
                    {application.isRenewal ? (
                      <Badge variant="secondary" className="ml-2">
                        {t('applications.renewal')}
                      </Badge>
                    ) : null}
                    {application.hasChangeRequest ? (
                      <Badge variant="secondary" className="ml-2">
                        {t('applications.changeRequest')}
                      </Badge>
                    ) : null}
                  </TableCell>
                  <TableCell className="whitespace-nowrap">
                    {application.submittedAt ? (
                      <time dateTime={application.submittedAt}>{formatDate(application.submittedAt)}</time>
                    ) : (
                      <span className="text-muted-foreground">{t('applications.notSentIn')}</span>
                    )}
                  </TableCell>
                  <TableCell className="text-right tabular-nums">{formatNumber(application.documentCount)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </PagedList>
    </div>
  );
}
