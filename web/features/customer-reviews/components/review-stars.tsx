import { StarIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../lib/cn.ts';

export const STARS = [1, 2, 3, 4, 5] as const;

/** A review's stars, filled up to its rating; read out as "4 av 5 stjärnor". */
export function ReviewStars({ rating, className }: { rating: number; className?: string }) {
  const { t } = useTranslation('customerReviews');
  return (
    <span role="img" aria-label={t('stars', { count: rating })} className={cn('inline-flex gap-0.5', className)}>
      {STARS.map((star) => (
        <StarIcon
          key={star}
          aria-hidden
          className={cn('size-4', star <= rating ? 'fill-amber-400 text-amber-500' : 'text-muted-foreground/40')}
        />
      ))}
    </span>
  );
}
