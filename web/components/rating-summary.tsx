import { StarIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { RatingSummary as Rating } from '../../contracts/clinics.ts';
import { MIN_REVIEWS_FOR_RATING } from '../../contracts/constants.ts';
import { paths } from '../config/paths.ts';
import { cn } from '../lib/cn.ts';

/** The cover a clinic shows until it uploads its own. */
export const DEFAULT_COVER_IMAGE = '/images/covers/default.svg';

/**
 * A clinic's rating from verified visits (issue 23): the average to one decimal in the page's language
 * (sv "4,6", en "4.6") and the number of reviews, or "Inga omdömen än" below MIN_REVIEWS_FOR_RATING. It
 * links to the page that says how reviews are checked, as the marketing act asks of a site showing them.
 * Given `reviewCount` (the clinic's page), one or two published reviews are counted in words, with how
 * many a rating takes, rather than called none.
 */
export function RatingSummary({
  rating,
  reviewCount = 0,
  className,
}: {
  rating: Rating | null;
  reviewCount?: number;
  className?: string;
}) {
  const { t, i18n } = useTranslation('common');
  const average = rating?.average.toLocaleString(i18n.resolvedLanguage === 'en' ? 'en-GB' : 'sv-SE', {
    minimumFractionDigits: 1,
  });
  const howWeCheck = t('rating.howWeCheck');
  const words =
    reviewCount > 0 ? t('rating.few', { count: reviewCount, min: MIN_REVIEWS_FOR_RATING }) : t('rating.none');
  return (
    <Link
      to={paths.reviewGuidelines}
      // Without a rating the name is the visible words and where the link leads, read as two sentences.
      aria-label={rating ? undefined : `${words}. ${howWeCheck}`}
      className={cn(
        'inline-flex items-center gap-1 underline-offset-4 hover:text-primary hover:underline',
        rating ? 'font-medium' : 'text-muted-foreground',
        className,
      )}
    >
      {rating ? (
        <>
          <StarIcon className="size-4 fill-amber-400 text-amber-500" aria-hidden />
          <span aria-hidden>
            {average} <span className="font-normal text-muted-foreground">({rating.count})</span>
          </span>
          <span className="sr-only">
            {t('rating.label', { average, count: rating.count })} {howWeCheck}
          </span>
        </>
      ) : (
        words
      )}
    </Link>
  );
}
