import { StarIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../lib/cn.ts';

const STARS = [1, 2, 3, 4, 5] as const;

/** A review's 1 to 5 stars, read out as "4 av 5 stjärnor". */
export function ReviewStars({ rating }: { rating: number }) {
  const { t } = useTranslation('clinicReviews');
  return (
    <span role="img" aria-label={t('reviews.stars', { count: rating })} className="inline-flex gap-0.5">
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
