import { zodResolver } from '@hookform/resolvers/zod';
import { BadgeCheckIcon, SendIcon } from 'lucide-react';
import { useId } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { z } from 'zod';
import { REVIEW_TEXT_MAX_LENGTH, REVIEW_TEXT_MIN_LENGTH } from '../../../../contracts/constants.ts';
import { characterCount, type EditReviewForm, EditReviewFormSchema } from '../../../../contracts/reviews.ts';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { useVerifiedVisit } from '../../../components/review-words.ts';
import { Button } from '../../../components/ui/button.tsx';
import { paths } from '../../../config/paths.ts';
import { setServerFieldErrors, SERVER_ERROR_TYPE } from '../../../lib/form-errors.ts';
import { formatDay, formatNumber } from '../../../lib/format.ts';
import { StarRatingInput } from './star-rating-input.tsx';

type ReviewFormInput = z.input<typeof EditReviewFormSchema>;

/**
 * The stars and text of a review, to write or to change: 1–5 stars, 20–2,000 characters counted as
 * they are typed, the visit date as the clinic gave it, and how the review will be shown. `onSubmit`
 * rejects with the server's refusal, whose field messages land on the fields.
 */
export function ReviewForm({
  visitDate,
  defaultValues,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  visitDate: string;
  defaultValues?: EditReviewForm;
  submitLabel: string;
  onSubmit: (review: EditReviewForm) => Promise<unknown>;
  onCancel?: () => void;
}) {
  const { t } = useTranslation(['customerReviews', 'validation']);
  const verifiedVisit = useVerifiedVisit();
  const noteId = useId();
  const form = useForm<ReviewFormInput, unknown, EditReviewForm>({
    resolver: zodResolver(EditReviewFormSchema),
    defaultValues: defaultValues ?? { text: '' },
  });
  const text = useWatch({ control: form.control, name: 'text' }) ?? '';
  const count = characterCount(text.trim());

  const submit = async (review: EditReviewForm) => {
    try {
      await onSubmit(review);
    } catch (error) {
      setServerFieldErrors(error, ['rating', 'text'], form.setError);
    }
  };

  const submitting = form.formState.isSubmitting;
  return (
    <form noValidate onSubmit={form.handleSubmit(submit)} aria-describedby={noteId} className="grid min-w-0 gap-5">
      <p className="text-sm">
        <span className="font-medium">{t('customerReviews:form.visitDate')}</span>{' '}
        <time dateTime={visitDate}>{formatDay(visitDate)}</time>{' '}
        <span className="text-muted-foreground">{t('customerReviews:form.visitDateSource')}</span>
      </p>
      <Controller
        name="rating"
        control={form.control}
        render={({ field, fieldState: { error } }) => (
          <StarRatingInput
            name={field.name}
            legend={t('customerReviews:form.rating')}
            value={typeof field.value === 'number' ? field.value : undefined}
            onChange={field.onChange}
            onBlur={field.onBlur}
            error={error?.message ? (error.type === SERVER_ERROR_TYPE ? error.message : t(error.message)) : undefined}
          />
        )}
      />
      <FormTextField
        control={form.control}
        name="text"
        label={t('customerReviews:form.text')}
        hint={t('customerReviews:form.textCount', {
          typed: formatNumber(count),
          min: REVIEW_TEXT_MIN_LENGTH,
          max: formatNumber(REVIEW_TEXT_MAX_LENGTH),
        })}
        rows={7}
        required
      />
      <div id={noteId} className="grid gap-2 rounded-md bg-muted p-4 text-sm">
        <p className="flex items-start gap-2">
          <BadgeCheckIcon className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
          <span>{t('customerReviews:form.shownAs', { label: verifiedVisit(visitDate) })}</span>
        </p>
        <p>
          <Link
            to={paths.reviewGuidelines}
            target="_blank"
            rel="noopener"
            className="font-medium text-primary underline-offset-4 hover:underline"
          >
            {t('customerReviews:form.guidelines')}
            <span className="sr-only"> {t('customerReviews:form.newTab')}</span>
          </Link>
        </p>
      </div>
      <div className="flex flex-wrap gap-3">
        <Button type="submit" pending={submitting}>
          <SendIcon aria-hidden />
          {submitting ? t('customerReviews:form.submitting') : submitLabel}
        </Button>
        {onCancel ? (
          <Button type="button" variant="outline" onClick={onCancel}>
            {t('customerReviews:form.cancel')}
          </Button>
        ) : null}
      </div>
    </form>
  );
}
