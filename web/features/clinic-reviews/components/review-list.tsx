import { BadgeCheckIcon, EyeOffIcon } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { ClinicReview } from '../../../../contracts/reviews.ts';
import { ListSkeleton } from '../../../components/list-skeleton.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { ReviewStars } from '../../../components/review-stars.tsx';
import { useReviewAuthor, useVerifiedVisit } from '../../../components/review-words.ts';
import { ShowMoreButton } from '../../../components/show-more-button.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { formatDate } from '../../../lib/format.ts';
import { useClinicReviews } from '../api/get-clinic-reviews.ts';
import { ReplyEditor } from './reply-editor.tsx';

function ReviewItem({ review }: { review: ClinicReview }) {
  const { t } = useTranslation(['clinicReviews', 'common']);
  const author = useReviewAuthor();
  const verifiedVisit = useVerifiedVisit();
  const authorId = useId();
  return (
    <Card role="article" aria-labelledby={authorId} className="grid gap-4 p-4 sm:p-6">
      <header className="grid gap-1">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <ReviewStars rating={review.rating} />
            <span id={authorId} className="font-semibold">
              {author(review.authorName)}
            </span>
          </p>
          {review.hidden ? (
            <Badge variant="destructive" className="whitespace-normal">
              <EyeOffIcon aria-hidden />
              {t('reviews.hidden', { reason: t(`common:reviewHideReasons.${review.hidden.reason}`) })}
            </Badge>
          ) : null}
        </div>
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-muted-foreground">
          <span className="inline-flex items-center gap-1 font-medium text-success">
            <BadgeCheckIcon className="size-4" aria-hidden />
            {verifiedVisit(review.visitDate)}
          </span>
          <time dateTime={review.createdAt}>{t('reviews.written', { date: formatDate(review.createdAt) })}</time>
          {review.editedAt ? (
            <time dateTime={review.editedAt}>{t('reviews.edited', { date: formatDate(review.editedAt) })}</time>
          ) : null}
        </p>
      </header>
      {review.hidden ? <p className="text-sm text-muted-foreground">{t('reviews.hiddenNote')}</p> : null}
      <p className="whitespace-pre-wrap [overflow-wrap:anywhere]">{review.text}</p>
      <ReplyEditor review={review} />
    </Card>
  );
}

/** The clinic's reviews, newest first ("Visa fler" pages on the server), each with the clinic's reply. */
export function ReviewList() {
  const { t } = useTranslation('clinicReviews');
  const headingId = useId();
  const reviews = useClinicReviews();
  const items = reviews.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <section aria-labelledby={headingId} className="grid gap-4">
      <h2 id={headingId} className="text-xl font-semibold">
        {t('reviews.title')}
      </h2>
      {!reviews.data ? (
        reviews.isError ? (
          <LoadError message={t('loadError')} onRetry={() => void reviews.refetch()} retrying={reviews.isFetching} />
        ) : (
          <ListSkeleton rows={3} rowClassName="h-40" />
        )
      ) : items.length === 0 ? (
        <p role="status" className="rounded-lg border border-dashed bg-card p-8 text-center text-muted-foreground">
          {t('reviews.empty')}
        </p>
      ) : (
        <ul aria-labelledby={headingId} className="grid gap-4">
          {items.map((review) => (
            <li key={review.id}>
              <ReviewItem review={review} />
            </li>
          ))}
        </ul>
      )}
      <ShowMoreButton query={reviews} label={t('showMore')} loadingLabel={t('loadingMore')} />
    </section>
  );
}
