import { ArrowRightIcon } from 'lucide-react';
import { lazy, Suspense, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { RatingSummary } from '../../../components/rating-summary.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { ShowMoreButton } from '../../../components/show-more-button.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { paths } from '../../../config/paths.ts';
import { i18n } from '../../../lib/i18n.ts';
import { useClinicReviews } from '../api/get-clinic-reviews.ts';
import { PublicReview } from './public-review.tsx';
import type { Reporter } from './report-review-dialog.tsx';

// The dialog's form, its code and zod's messages load when someone first reports, not with every page.
const ReportReviewDialog = lazy(async () => {
  const [module] = await Promise.all([import('./report-review-dialog.tsx'), i18n.loadNamespaces('validation')]);
  return { default: module.ReportReviewDialog };
});

/** The shape of a page of reviews still on its way: the section keeps its place, nothing below it jumps. */
function ReviewsSkeleton() {
  const { t } = useTranslation();
  return (
    <div aria-busy="true" className="grid gap-4">
      <p role="status" className="sr-only">
        {t('status.loading')}
      </p>
      {[0, 1].map((row) => (
        <div key={row} className="grid gap-3 rounded-lg border bg-card p-5">
          <Skeleton className="h-5 w-40" />
          <Skeleton className="h-4 w-52" />
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-4 w-3/4" />
        </div>
      ))}
    </div>
  );
}

/**
 * The reviews section of a register clinic's page (issue 23): its rating (or how many reviews it has, and
 * how many a rating takes), the link to how reviews are checked, and its reviews newest first, paged on
 * the server ("Visa fler"). Each published review can be reported; `reporter` says whether by the
 * signed-in person (an AccessTokenProvider around this) or after signing in.
 */
export function ClinicReviews({
  clinicId,
  clinicName,
  reporter,
}: {
  clinicId: string;
  clinicName: string;
  reporter: Reporter;
}) {
  const { t } = useTranslation('reviews');
  const headingId = useId();
  const reviews = useClinicReviews(clinicId);
  const [reporting, setReporting] = useState<string | null>(null);
  const [dialogWanted, setDialogWanted] = useState(false);
  const opener = useRef<HTMLButtonElement | null>(null);
  const first = reviews.data?.pages[0];
  const items = reviews.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <section aria-labelledby={headingId} className="grid gap-4">
      <div className="grid gap-1">
        <h2 id={headingId} className="text-xl font-semibold">
          {t('section.title')}
        </h2>
        <p className="text-sm text-muted-foreground">{t('section.intro')}</p>
        {/* A line of its own from the first render, so the count arriving moves nothing. */}
        <div className="flex min-h-6 flex-wrap items-center gap-x-4 gap-y-1 text-sm">
          {first ? <RatingSummary rating={first.rating} reviewCount={first.reviewCount} /> : null}
          <Link
            to={paths.reviewGuidelines}
            className="inline-flex items-center gap-1 font-medium text-primary underline-offset-4 hover:underline"
          >
            {t('section.howWeCheck')}
            <ArrowRightIcon className="size-4" aria-hidden />
          </Link>
        </div>
      </div>
      {!reviews.data ? (
        reviews.isError ? (
          <LoadError
            message={t('section.loadError')}
            onRetry={() => void reviews.refetch()}
            retrying={reviews.isFetching}
          />
        ) : (
          <ReviewsSkeleton />
        )
      ) : items.length === 0 ? (
        <p className="rounded-lg border border-dashed bg-card p-6 text-center text-muted-foreground">
          {t('section.empty')}
        </p>
      ) : (
        <ul aria-label={t('section.listLabel', { name: clinicName })} className="grid gap-4">
          {items.map((review) => (
            <li key={review.id}>
              <PublicReview
                review={review}
                clinicName={clinicName}
                onReport={(published, button) => {
                  opener.current = button;
                  setDialogWanted(true);
                  setReporting(published.id);
                }}
              />
            </li>
          ))}
        </ul>
      )}
      <ShowMoreButton query={reviews} label={t('section.showMore')} loadingLabel={t('section.loadingMore')} />
      {dialogWanted ? (
        <Suspense fallback={null}>
          <ReportReviewDialog
            reviewId={reporting}
            reporter={reporter}
            onClose={() => setReporting(null)}
            onCloseAutoFocus={(event) => {
              event.preventDefault();
              opener.current?.focus();
            }}
          />
        </Suspense>
      ) : null}
    </section>
  );
}
