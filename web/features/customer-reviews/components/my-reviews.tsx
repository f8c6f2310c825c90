import { BadgeCheckIcon, EyeOffIcon, MessageSquareReplyIcon, PencilIcon } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { REVIEW_EDIT_DAYS } from '../../../../contracts/constants.ts';
import type { CustomerReview } from '../../../../contracts/reviews.ts';
import { ReviewStars } from '../../../components/review-stars.tsx';
import { useVerifiedVisit } from '../../../components/review-words.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { clinicProfileHref } from '../../../config/paths.ts';
import { apiErrorMessage } from '../../../lib/api-client.ts';
import { formatDate } from '../../../lib/format.ts';
import { toast } from '../../../lib/toast.ts';
import { useEditReview } from '../api/edit-review.ts';
import { useMyReviews } from '../api/get-my-reviews.ts';
import { PagedSection } from './paged-section.tsx';
import { ReviewForm } from './review-form.tsx';

function ReviewItem({ review }: { review: CustomerReview }) {
  const { t } = useTranslation(['customerReviews', 'common']);
  const verifiedVisit = useVerifiedVisit();
  const formId = useId();
  const toggle = useRef<HTMLButtonElement>(null);
  const [editing, setEditing] = useState(false);
  const close = () => {
    setEditing(false);
    toggle.current?.focus();
  };
  const edit = useEditReview({
    onSuccess: () => {
      close();
      toast({ title: t('customerReviews:toasts.edited'), variant: 'success' });
    },
    onError: (error) =>
      toast({
        title: t('customerReviews:toasts.editError'),
        description: apiErrorMessage(error),
        variant: 'destructive',
      }),
  });
  // The server says until when; the page may have stayed open past it, and the server refuses then.
  const editable = review.editableUntil !== null;

  return (
    <article className="grid gap-3 rounded-lg border bg-card p-5 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid min-w-0 gap-1.5">
          <h3 className="font-semibold [overflow-wrap:anywhere]">
            <Link
              to={clinicProfileHref(review.clinic.slug)}
              className="underline-offset-4 hover:text-primary hover:underline"
            >
              {review.clinic.name}
            </Link>
          </h3>
          <div className="flex flex-wrap items-center gap-2">
            <ReviewStars rating={review.rating} />
            <Badge variant="success">
              <BadgeCheckIcon aria-hidden />
              {verifiedVisit(review.visitDate)}
            </Badge>
          </div>
        </div>
        {editable ? (
          <Button
            ref={toggle}
            variant="outline"
            size="sm"
            onClick={() => (editing ? close() : setEditing(true))}
            aria-expanded={editing}
            aria-controls={editing ? formId : undefined}
          >
            <PencilIcon aria-hidden />
            {t('customerReviews:reviews.edit')}
          </Button>
        ) : null}
      </div>
      {review.hidden ? (
        <p className="flex items-start gap-2 rounded-md bg-destructive/10 p-3 text-sm text-destructive">
          <EyeOffIcon className="mt-0.5 size-4 shrink-0" aria-hidden />
          <span>
            {t('customerReviews:reviews.hidden', {
              reason: t(`common:reviewHideReasons.${review.hidden.reason}`),
              date: formatDate(review.hidden.hiddenAt),
            })}
          </span>
        </p>
      ) : null}
      {editing ? (
        <div id={formId}>
          <ReviewForm
            visitDate={review.visitDate}
            defaultValues={{ rating: review.rating, text: review.text }}
            submitLabel={t('customerReviews:reviews.save')}
            onSubmit={(changed) => edit.mutateAsync({ reviewId: review.id, review: changed })}
            onCancel={close}
          />
        </div>
      ) : (
        <p className="text-sm [overflow-wrap:anywhere] whitespace-pre-wrap">{review.text}</p>
      )}
      <p className="text-xs text-muted-foreground">
        {t('customerReviews:reviews.written')} <time dateTime={review.createdAt}>{formatDate(review.createdAt)}</time>
        {review.editedAt ? (
          <>
            {' · '}
            {t('customerReviews:reviews.edited')} <time dateTime={review.editedAt}>{formatDate(review.editedAt)}</time>
          </>
        ) : null}
        {review.editableUntil ? (
          <>
            {' · '}
            {t('customerReviews:reviews.editableUntil')}{' '}
            <time dateTime={review.editableUntil}>{formatDate(review.editableUntil)}</time>
          </>
        ) : null}
      </p>
      {review.reply ? (
        <div className="grid gap-1 rounded-md bg-muted p-4">
          <h4 className="flex items-center gap-2 text-sm font-semibold">
            <MessageSquareReplyIcon className="size-4 shrink-0 text-primary" aria-hidden />
            {t('customerReviews:reviews.reply', { clinic: review.clinic.name })}
          </h4>
          <p className="text-sm [overflow-wrap:anywhere] whitespace-pre-wrap">{review.reply.text}</p>
        </div>
      ) : null}
    </article>
  );
}

/** "Mina omdömen": the reviews the customer wrote, newest first, each changeable while its 30 days last. */
export function MyReviews() {
  const { t } = useTranslation('customerReviews');
  return (
    <PagedSection
      title={t('reviews.title')}
      intro={t('reviews.intro', { days: REVIEW_EDIT_DAYS })}
      empty={t('reviews.empty')}
      loadError={t('reviews.loadError')}
      query={useMyReviews()}
    >
      {(review) => <ReviewItem review={review} />}
    </PagedSection>
  );
}
