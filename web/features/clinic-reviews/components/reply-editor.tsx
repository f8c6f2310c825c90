import { zodResolver } from '@hookform/resolvers/zod';
import { MessageSquareReplyIcon, PencilIcon } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { REVIEW_REPLY_MAX_LENGTH } from '../../../../contracts/constants.ts';
import { type ClinicReview, type ReviewReplyForm, ReviewReplyFormSchema } from '../../../../contracts/reviews.ts';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { apiErrorMessage } from '../../../lib/api-client.ts';
import { formatDate, formatNumber } from '../../../lib/format.ts';
import { setServerFieldErrors } from '../../../lib/form-errors.ts';
import { toast } from '../../../lib/toast.ts';
import { useSaveReply } from '../api/save-reply.ts';

function ReplyForm({ review, onDone }: { review: ClinicReview; onDone: () => void }) {
  const { t } = useTranslation('clinicReviews');
  const form = useForm<ReviewReplyForm>({
    resolver: zodResolver(ReviewReplyFormSchema),
    defaultValues: { text: review.reply?.text ?? '' },
  });
  const save = useSaveReply(review.id, {
    onSuccess: () =>
      toast({ title: review.reply ? t('toasts.replyChanged') : t('toasts.replied'), variant: 'success' }),
    onError: (error) =>
      toast({ title: t('toasts.replyError'), description: apiErrorMessage(error), variant: 'destructive' }),
  });

  const submit = async (values: ReviewReplyForm) => {
    try {
      await save.mutateAsync(values);
      onDone();
    } catch (error) {
      setServerFieldErrors(error, ['text'], form.setError);
    }
  };

  const submitting = form.formState.isSubmitting;
  return (
    <form noValidate onSubmit={form.handleSubmit(submit)} className="grid gap-3">
      <FormTextField
        control={form.control}
        name="text"
        label={t('reply.label')}
        hint={t('reply.hint', { max: formatNumber(REVIEW_REPLY_MAX_LENGTH) })}
        rows={4}
        required
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" pending={submitting}>
          {submitting ? t('reply.saving') : review.reply ? t('reply.save') : t('reply.publish')}
        </Button>
        <Button type="button" variant="outline" onClick={onDone} disabled={submitting}>
          {t('reply.cancel')}
        </Button>
      </div>
    </form>
  );
}

/** The clinic's one public reply to a review: written once, then shown with a way to change it. */
export function ReplyEditor({ review }: { review: ClinicReview }) {
  const { t } = useTranslation('clinicReviews');
  const [editing, setEditing] = useState(false);
  if (editing) return <ReplyForm review={review} onDone={() => setEditing(false)} />;
  if (!review.reply)
    return (
      <Button variant="outline" className="w-fit" onClick={() => setEditing(true)}>
        <MessageSquareReplyIcon aria-hidden />
        {t('reply.write')}
      </Button>
    );
  const { reply } = review;
  return (
    <div className="grid gap-2 rounded-md border-l-4 border-primary/40 bg-muted p-3 text-sm">
      <p className="flex flex-wrap items-center gap-x-2 gap-y-1 font-medium">
        <MessageSquareReplyIcon className="size-4" aria-hidden />
        {t('reply.title')}
        <span className="font-normal text-muted-foreground">
          <time dateTime={reply.createdAt}>{formatDate(reply.createdAt)}</time>
          {reply.updatedAt !== reply.createdAt ? (
            <>
              {' · '}
              <time dateTime={reply.updatedAt}>{t('reply.changed', { date: formatDate(reply.updatedAt) })}</time>
            </>
          ) : null}
        </span>
      </p>
      <p className="whitespace-pre-wrap [overflow-wrap:anywhere]">{reply.text}</p>
      <Button variant="outline" size="sm" className="w-fit" onClick={() => setEditing(true)}>
        <PencilIcon aria-hidden />
        {t('reply.edit')}
      </Button>
    </div>
  );
}
