import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ADMIN_REVIEW_FILTERS, type AdminReview } from '../../../../contracts/reviews.ts';
import { ListSkeleton } from '../../../components/list-skeleton.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { ShowMoreButton } from '../../../components/show-more-button.tsx';
import { ToggleGroup, ToggleGroupItem } from '../../../components/ui/toggle-group.tsx';
import { cn } from '../../../lib/cn.ts';
import { type AdminReviewFilter, useAdminReviews } from '../api/get-reviews.ts';
import { AdminReviewCard, type ReviewDecisionKind } from './admin-review-card.tsx';
import { HideReviewDialog, KeepReviewDialog } from './decision-dialogs.tsx';

const DEFAULT_FILTER: AdminReviewFilter = 'reported';

const isFilter = (value: string | null): value is AdminReviewFilter =>
  (ADMIN_REVIEW_FILTERS as readonly (string | null)[]).includes(value);

/**
 * /admin/reviews (issue 23 point 3): the reported reviews first (the queue), or the hidden ones, or all,
 * newest first, page after page; the filter is kept in the address (`?status=hidden`). Each review is
 * kept or hidden with a public reason, after a confirmation.
 */
export function ReviewModeration() {
  const { t } = useTranslation('adminReviews');
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('status');
  const status = isFilter(requested) ? requested : DEFAULT_FILTER;
  const reviews = useAdminReviews(status);
  // The card's button too: focus goes back to it when the dialog closes, if the card is still there.
  const [deciding, setDeciding] = useState<{
    kind: ReviewDecisionKind;
    review: AdminReview;
    button: HTMLElement;
  } | null>(null);
  const items = reviews.data?.pages.flatMap((page) => page.items) ?? [];

  const filter = (value: string) => {
    // A single toggle group lets its pressed item be pressed off: that leaves the filter as it is.
    if (!isFilter(value)) return;
    setSearchParams((current) => {
      const next = new URLSearchParams(current);
      if (value === DEFAULT_FILTER) next.delete('status');
      else next.set('status', value);
      return next;
    });
  };
  const dialogProps = (kind: ReviewDecisionKind) => ({
    review: deciding?.kind === kind ? deciding.review : null,
    onClose: () => setDeciding(null),
    onCloseAutoFocus: (event: Event) => {
      if (!deciding?.button.isConnected) return;
      event.preventDefault();
      deciding.button.focus();
    },
  });

  return (
    <div className="grid gap-6">
      <ToggleGroup type="single" value={status} onValueChange={filter} aria-label={t('filter.label')}>
        {ADMIN_REVIEW_FILTERS.map((value) => (
          <ToggleGroupItem key={value} value={value}>
            {t(`filter.${value}`)}
          </ToggleGroupItem>
        ))}
      </ToggleGroup>

      {!reviews.data ? (
        reviews.isError ? (
          <LoadError message={t('loadError')} onRetry={() => void reviews.refetch()} retrying={reviews.isFetching} />
        ) : (
          <ListSkeleton rows={3} rowClassName="h-48" />
        )
      ) : items.length === 0 ? (
        <p role="status" className="rounded-lg border border-dashed bg-card p-10 text-center text-muted-foreground">
          {t(`empty.${status}`)}
        </p>
      ) : (
        <ul
          aria-label={t('listLabel')}
          aria-busy={reviews.isPlaceholderData}
          className={cn('grid gap-4 transition-opacity', reviews.isPlaceholderData && 'opacity-60')}
        >
          {items.map((review) => (
            <li key={review.id}>
              <AdminReviewCard review={review} onDecide={(kind, button) => setDeciding({ kind, review, button })} />
            </li>
          ))}
        </ul>
      )}

      <ShowMoreButton query={reviews} label={t('showMore')} loadingLabel={t('loadingMore')} />

      <KeepReviewDialog {...dialogProps('keep')} />
      <HideReviewDialog {...dialogProps('hide')} />
    </div>
  );
}
