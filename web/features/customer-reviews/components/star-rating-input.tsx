import { StarIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { REVIEW_STARS } from '../../../components/review-stars.tsx';
import { FieldError } from '../../../components/ui/field.tsx';
import { cn } from '../../../lib/cn.ts';

/**
 * One to five stars as a group of native radio buttons, each named "3 stjärnor": the arrow keys move
 * between them and choose, as in any radio group, and a screen reader says which is chosen. The radios
 * are visually hidden; each star shows its label, filled up to the chosen (or pointed at) star.
 */
export function StarRatingInput({
  name,
  legend,
  value,
  onChange,
  onBlur,
  error,
}: {
  name: string;
  legend: string;
  value: number | undefined;
  onChange: (rating: number) => void;
  onBlur: () => void;
  /** The message shown below the stars, translated already. */
  error: string | undefined;
}) {
  const { t } = useTranslation(['customerReviews', 'common']);
  const errorId = useId();
  const [pointed, setPointed] = useState<number | null>(null);
  const shown = pointed ?? value ?? 0;
  return (
    <fieldset
      className="group/field grid gap-2"
      data-invalid={Boolean(error)}
      aria-describedby={error ? errorId : undefined}
    >
      <legend className="mb-2 text-sm leading-none font-medium group-data-[invalid=true]/field:text-destructive">
        {legend}
      </legend>
      <div className="flex flex-wrap items-center gap-3">
        <div className="flex" onPointerLeave={() => setPointed(null)}>
          {REVIEW_STARS.map((star) => (
            <label
              key={star}
              onPointerEnter={() => setPointed(star)}
              className="flex size-11 cursor-pointer items-center justify-center rounded-md has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-ring"
            >
              <input
                type="radio"
                name={name}
                value={star}
                checked={value === star}
                onChange={() => onChange(star)}
                onBlur={onBlur}
                aria-invalid={Boolean(error)}
                className="sr-only"
              />
              <span className="sr-only">{t('form.starOption', { count: star })}</span>
              <StarIcon
                aria-hidden
                className={cn(
                  'size-8 transition-colors',
                  star <= shown ? 'fill-amber-400 text-amber-500' : 'text-muted-foreground/50',
                )}
              />
            </label>
          ))}
        </div>
        {value ? (
          <span className="text-sm text-muted-foreground" aria-hidden>
            {t('common:reviews.stars', { count: value })}
          </span>
        ) : null}
      </div>
      <FieldError id={errorId}>{error}</FieldError>
    </fieldset>
  );
}
