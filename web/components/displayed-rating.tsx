import { StarIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { DISPLAYED_RATING } from '../../contracts/constants.ts';
import { cn } from '../lib/cn.ts';

/** The cover a clinic shows until it uploads its own. */
export const DEFAULT_COVER_IMAGE = '/images/covers/default.svg';

/** SPEC "Clinic card": the fixed rating 4.9 with a star, in the page's language; `label` reads it aloud. */
export function DisplayedRating({ label, className }: { label: (rating: string) => string; className?: string }) {
  const { i18n } = useTranslation();
  const rating = new Intl.NumberFormat(i18n.resolvedLanguage === 'en' ? 'en-GB' : 'sv-SE', {
    minimumFractionDigits: 1,
  }).format(DISPLAYED_RATING);
  return (
    <p className={cn('inline-flex items-center gap-1 font-medium', className)}>
      <StarIcon className="size-4 fill-amber-400 text-amber-500" aria-hidden />
      <span className="sr-only">{label(rating)}</span>
      <span aria-hidden>{rating}</span>
    </p>
  );
}
