import { StarIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '../lib/cn.ts';

/** The five stars of a rating, also those to choose from when writing a review. */
export const REVIEW_STARS = [1, 2, 3, 4, 5] as const;

/**
 * A review's stars, filled up to its rating (issue 23). One image read aloud as "4 av 5 stjärnor"; the
 * five star shapes are only for the eye.
 */
export function ReviewStars({ rating, className }: { rating: number; className?: string }) {
  const { t } = useTranslation('common');
  return (
    <span
      role="img"
      aria-label={t('reviews.stars', { count: rating })}
      className={cn('inline-flex gap-0.5', className)}
    >
      {REVIEW_STARS.map((star) => (
        <StarIcon
          key={star}
          aria-hidden
          className={cn('size-4', star <= rating ? 'fill-amber-400 text-amber-500' : 'text-muted-foreground/40')}
        />
      ))}
    </span>
  );
}
