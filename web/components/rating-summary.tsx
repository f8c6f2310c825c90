import { StarIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { RatingSummary as Rating } from '../../contracts/clinics.ts';
import { paths } from '../config/paths.ts';
import { cn } from '../lib/cn.ts';

/** The cover a clinic shows until it uploads its own. */
export const DEFAULT_COVER_IMAGE = '/images/covers/default.svg';

/**
 * A clinic's rating from verified visits (issue 23): the average to one decimal in the page's language
 * (sv "4,6", en "4.6") and the number of reviews, or "Inga omdömen än" below MIN_REVIEWS_FOR_RATING. It
 * links to the page that says how reviews are checked, as the marketing act asks of a site showing them.
 */
export function RatingSummary({ rating, className }: { rating: Rating | null; className?: string }) {
  const { t, i18n } = useTranslation('common');
  const linkClass = cn(
    'inline-flex items-center gap-1 underline-offset-4 hover:text-primary hover:underline',
    className,
  );
  if (!rating) {
    return (
      <Link to={paths.reviewGuidelines} className={cn(linkClass, 'text-muted-foreground')}>
        {t('rating.none')}
        <span className="sr-only">{t('rating.howWeCheck')}</span>
      </Link>
    );
  }
  const average = new Intl.NumberFormat(i18n.resolvedLanguage === 'en' ? 'en-GB' : 'sv-SE', {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  }).format(rating.average);
  return (
    <Link to={paths.reviewGuidelines} className={cn(linkClass, 'font-medium')}>
      <StarIcon className="size-4 fill-amber-400 text-amber-500" aria-hidden />
      <span aria-hidden>
        {average} <span className="font-normal text-muted-foreground">({rating.count})</span>
      </span>
      <span className="sr-only">
        {t('rating.label', { average, count: rating.count })} {t('rating.howWeCheck')}
      </span>
    </Link>
  );
}
