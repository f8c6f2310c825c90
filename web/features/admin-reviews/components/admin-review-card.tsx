import { EyeIcon, EyeOffIcon, FlagIcon, MessageSquareReplyIcon } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { AdminReview } from '../../../../contracts/reviews.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { clinicProfileHref } from '../../../config/paths.ts';
import { ReviewStars } from '../../../components/review-stars.tsx';
import { useReviewAuthor, useVerifiedVisit } from '../../../components/review-words.ts';
import { formatDate } from '../../../lib/format.ts';

export type ReviewDecisionKind = 'keep' | 'hide';

/**
 * One review as the admin weighs it: the clinic (a link to its page), the author, the stars, the visit's
 * month, the text and the reply as plain text, whether it is hidden and why, the open reports, and the
 * two decisions. A card, not a table row, so that it reads on a phone.
 */
export function AdminReviewCard({
  review,
  onDecide,
}: {
  review: AdminReview;
  /** Opens the decision's confirmation; `button` gets focus back when it closes. */
  onDecide: (kind: ReviewDecisionKind, button: HTMLElement) => void;
}) {
  const { t } = useTranslation(['adminReviews', 'common']);
  const author = useReviewAuthor();
  const verifiedVisit = useVerifiedVisit();
  const headingId = useId();
  const reportsId = useId();
  const hidden = review.hidden;
  return (
    <Card className="grid gap-4 p-4 sm:p-6" role="article" aria-labelledby={headingId}>
      <header className="flex flex-wrap items-start justify-between gap-2">
        <div className="grid min-w-0 gap-1">
          <h2 id={headingId} className="text-lg leading-tight font-semibold break-words">
            {review.clinic.slug ? (
              <Link
                to={clinicProfileHref(review.clinic.slug)}
                className="underline-offset-4 hover:text-primary hover:underline"
              >
                {review.clinic.name}
              </Link>
            ) : (
              review.clinic.name
            )}
          </h2>
          <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-muted-foreground">
            <ReviewStars rating={review.rating} />
            <span className="font-medium text-foreground">{author(review.authorName)}</span>
            <span>{verifiedVisit(review.visitDate)}</span>
          </p>
          <p className="text-xs text-muted-foreground">
            <time dateTime={review.createdAt}>{t('card.written', { date: formatDate(review.createdAt) })}</time>
            {review.editedAt ? (
              <>
                {' · '}
                <time dateTime={review.editedAt}>{t('card.edited', { date: formatDate(review.editedAt) })}</time>
              </>
            ) : null}
          </p>
        </div>
        {hidden ? (
          <Badge variant="destructive" className="whitespace-normal">
            <EyeOffIcon aria-hidden />
            {t('card.hidden', { reason: t(`common:reviewHideReasons.${hidden.reason}`) })}
          </Badge>
        ) : (
          <Badge variant="success">
            <EyeIcon aria-hidden />
            {t('card.published')}
          </Badge>
        )}
      </header>

      <p className="whitespace-pre-wrap [overflow-wrap:anywhere]">{review.text}</p>

      {review.reply ? (
        <div className="rounded-md border-l-4 border-primary/40 bg-muted p-3 text-sm">
          <p className="flex items-center gap-1.5 font-medium">
            <MessageSquareReplyIcon className="size-4" aria-hidden />
            {t('card.reply')}
          </p>
          <p className="mt-1 whitespace-pre-wrap [overflow-wrap:anywhere]">{review.reply.text}</p>
        </div>
      ) : null}

      {review.openReports.length > 0 ? (
        <section aria-labelledby={reportsId} className="grid gap-2 rounded-md border border-dashed p-3">
          <h3 id={reportsId} className="flex items-center gap-1.5 text-sm font-semibold">
            <FlagIcon className="size-4 text-destructive" aria-hidden />
            {t('card.reports', { count: review.openReports.length })}
          </h3>
          <ul className="grid gap-2">
            {review.openReports.map((report) => (
              <li key={report.id} className="text-sm">
                <p className="whitespace-pre-wrap [overflow-wrap:anywhere]">{report.reason}</p>
                <p className="text-xs text-muted-foreground">
                  {report.reporterName ?? t('card.deletedReporter')}
                  {', '}
                  <time dateTime={report.createdAt}>{formatDate(report.createdAt)}</time>
                </p>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <div className="flex flex-wrap gap-2">
        <Button variant="outline" onClick={(event) => onDecide('keep', event.currentTarget)}>
          <EyeIcon aria-hidden />
          {hidden ? t('card.showAgain') : t('card.keep')}
        </Button>
        <Button variant="destructive" onClick={(event) => onDecide('hide', event.currentTarget)}>
          <EyeOffIcon aria-hidden />
          {hidden ? t('card.changeReason') : t('card.hide')}
        </Button>
      </div>
    </Card>
  );
}
