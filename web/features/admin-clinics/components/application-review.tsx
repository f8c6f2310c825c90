import { ArrowLeftIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import type { ClinicReview } from '../../../../contracts/admin.ts';
import { DashboardPage } from '../../../components/layouts/dashboard-page.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { paths } from '../../../config/paths.ts';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { useClinicReview } from '../api/get-clinic-review.ts';
import { ApplicationDetails } from './application-details.tsx';
import { ChangeRequestCard } from './change-request-card.tsx';
import { DecisionCard } from './decision-card.tsx';
import { FactsCard } from './facts-card.tsx';
import { MembershipWaiverCard } from './membership-waiver-card.tsx';
import { PositionCard } from './position-card.tsx';
import { ReviewDocuments } from './review-documents.tsx';
import { ReviewHistory } from './review-history.tsx';
import { ScopeCard } from './scope-card.tsx';
import { SubmissionCard } from './submission-card.tsx';

/** What the applications list hands its links: its own filter and page, to lead back to. */
export interface ReviewLinkState {
  listSearch: string;
}

function listHrefOf(state: unknown): string {
  const listSearch = (state as Partial<ReviewLinkState> | null)?.listSearch;
  return typeof listSearch === 'string' && listSearch.startsWith('?')
    ? `${paths.adminApplications}${listSearch}`
    : paths.adminApplications;
}

function ReviewSkeleton() {
  const { t } = useTranslation('common');
  return (
    <div aria-busy="true" className="grid gap-6 lg:grid-cols-3">
      <p role="status" className="sr-only">
        {t('status.loading')}
      </p>
      <div className="grid content-start gap-6 lg:col-span-2">
        <Skeleton className="h-72 w-full rounded-lg" />
        <Skeleton className="h-56 w-full rounded-lg" />
      </div>
      <Skeleton className="h-80 w-full rounded-lg" />
    </div>
  );
}

function ReviewContent({ review, onDecided }: { review: ClinicReview; onDecided: () => void }) {
  return (
    <div className="grid gap-6 lg:grid-cols-3">
      <div className="grid content-start gap-6 lg:col-span-2">
        <ApplicationDetails clinic={review.clinic} />
        <FactsCard clinicId={review.clinic.id} documents={review.documents} />
        <ReviewDocuments documents={review.documents} decidedAt={review.clinic.decidedAt} />
      </div>
      <div className="grid content-start gap-6">
        <DecisionCard clinic={review.clinic} onDecided={onDecided} />
        <ScopeCard clinic={review.clinic} />
        <PositionCard key={JSON.stringify(review.clinic.position)} clinic={review.clinic} />
        <ChangeRequestCard review={review} />
        <MembershipWaiverCard clinic={review.clinic} />
        {review.submission ? <SubmissionCard submission={review.submission} /> : null}
        <ReviewHistory history={review.history} />
      </div>
    </div>
  );
}

/**
 * One clinic's application under review: the saved information, the six criteria, the facts to check,
 * the documents, the decision, the certificate's scope and the history. After a decision the admin goes back to the list, as it was left.
 */
export function ApplicationReview({ clinicId }: { clinicId: string }) {
  const { t } = useTranslation('admin');
  const location = useLocation();
  const navigate = useNavigate();
  const listHref = listHrefOf(location.state);
  const review = useClinicReview(clinicId, 'admin:review.toasts.loadError');

  let content: ReactNode;
  if (review.data) {
    content = <ReviewContent review={review.data} onDecided={() => void navigate(listHref)} />;
  } else if (review.isError) {
    // An address that names no clinic (a mistyped or old link) is not a failure to retry.
    const missing =
      review.error instanceof ApiRequestError && (review.error.status === 404 || review.error.status === 400);
    content = missing ? (
      <p className="rounded-lg border border-dashed bg-card p-10 text-center text-muted-foreground">
        {t('review.notFound')}
      </p>
    ) : (
      <LoadError message={t('review.loadError')} onRetry={() => void review.refetch()} retrying={review.isFetching} />
    );
  } else {
    content = <ReviewSkeleton />;
  }

  return (
    <div className="grid gap-4">
      <Link
        to={listHref}
        className="inline-flex w-fit items-center gap-1.5 text-sm font-medium text-primary underline-offset-4 hover:underline"
      >
        <ArrowLeftIcon className="size-4" aria-hidden />
        {t('review.back')}
      </Link>
      <DashboardPage title={review.data?.clinic.fullName ?? t('review.title')}>{content}</DashboardPage>
    </div>
  );
}
