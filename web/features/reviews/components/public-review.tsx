import { BadgeCheckIcon, EyeOffIcon, FlagIcon, MessageSquareReplyIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { CERTIFICATION_BODY } from '../../../../contracts/constants.ts';
import type { PublicReview as PublicReviewData } from '../../../../contracts/reviews.ts';
import { ReviewStars } from '../../../components/review-stars.tsx';
import { useReviewAuthor, useVerifiedVisit } from '../../../components/review-words.ts';
import { Button } from '../../../components/ui/button.tsx';
import { formatDate } from '../../../lib/format.ts';

export type PublishedReview = Extract<PublicReviewData, { status: 'published' }>;

/** "2026-11-20 · ändrad": when it was written, and whether it changed since. */
function Written({ createdAt, edited }: { createdAt: string; edited: boolean }) {
  const { t } = useTranslation('reviews');
  return (
    <p className="text-xs text-muted-foreground">
      <time dateTime={createdAt}>{formatDate(createdAt)}</time>
      {edited ? ` · ${t('review.edited')}` : null}
    </p>
  );
}

/**
 * One review on a clinic's page (issue 23): the stars, who wrote it ("Anna K.", or "Tidigare kund" for a
 * deleted account), the verified visit's month, the text as the customer wrote it (plain text, its line
 * breaks kept) and the clinic's reply beneath, marked as the clinic's. A hidden review is only the note
 * that Certifierad Klinik hid it, and the public reason.
 */
export function PublicReview({
  review,
  clinicName,
  onReport,
}: {
  review: PublicReviewData;
  clinicName: string;
  /** Opens the report dialog for this review; given the button, to give focus back to it. */
  onReport: (review: PublishedReview, button: HTMLButtonElement) => void;
}) {
  const { t } = useTranslation(['reviews', 'common']);
  const reviewAuthor = useReviewAuthor();
  const verifiedVisit = useVerifiedVisit();
  if (review.status === 'hidden') {
    return (
      <article className="flex items-start gap-3 rounded-lg border border-dashed bg-muted/50 p-5 text-sm text-muted-foreground">
        <EyeOffIcon className="mt-0.5 size-4 shrink-0" aria-hidden />
        <p>
          {t('review.hidden', {
            body: CERTIFICATION_BODY,
            reason: t(`common:reviewHideReasons.${review.hidden.reason}`),
          })}
        </p>
      </article>
    );
  }
  const author = reviewAuthor(review.authorName);
  return (
    <article className="grid gap-3 rounded-lg border bg-card p-5 shadow-sm">
      <header className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <ReviewStars rating={review.rating} />
          <h3 className="font-semibold">{author}</h3>
        </div>
        <Written createdAt={review.createdAt} edited={review.editedAt !== null} />
      </header>
      <p className="flex items-center gap-1.5 text-sm font-medium text-primary">
        <BadgeCheckIcon className="size-4" aria-hidden />
        {verifiedVisit(review.visitDate)}
      </p>
      <p className="leading-relaxed whitespace-pre-line [overflow-wrap:anywhere]">{review.text}</p>
      {review.reply ? (
        <div className="grid gap-1 rounded-md border-l-4 border-primary/40 bg-muted p-4">
          <h4 className="flex items-center gap-2 text-sm font-semibold">
            <MessageSquareReplyIcon className="size-4 text-primary" aria-hidden />
            {t('review.reply', { name: clinicName })}
          </h4>
          <p className="text-sm leading-relaxed whitespace-pre-line [overflow-wrap:anywhere]">{review.reply.text}</p>
          <Written createdAt={review.reply.createdAt} edited={review.reply.updatedAt !== review.reply.createdAt} />
        </div>
      ) : null}
      <Button
        type="button"
        variant="ghost"
        size="sm"
        aria-haspopup="dialog"
        className="w-fit justify-self-end text-muted-foreground"
        onClick={(event) => onReport(review, event.currentTarget)}
      >
        <FlagIcon aria-hidden />
        {/* The visible word begins the accessible name, so that saying it works with voice control. */}
        <span aria-hidden>{t('review.report')}</span>
        <span className="sr-only">{t('review.reportFor', { name: author })}</span>
      </Button>
    </article>
  );
}
