import { zodResolver } from '@hookform/resolvers/zod';
import { EyeOffIcon } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { REVIEW_HIDE_REASONS } from '../../../../contracts/constants.ts';
import { type AdminReview, ReviewHideReasonSchema } from '../../../../contracts/reviews.ts';
import { DialogFormFooter } from '../../../components/dialog-form-footer.tsx';
import { FormSelectField } from '../../../components/form-select-field.tsx';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '../../../components/ui/alert-dialog.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog.tsx';
import { apiErrorMessage } from '../../../lib/api-client.ts';
import { setServerFieldErrors } from '../../../lib/form-errors.ts';
import { toast } from '../../../lib/toast.ts';
import { useDecideReview } from '../api/decide-review.ts';

interface DecisionDialogProps {
  /** The review decided on; the dialog is open while there is one. */
  review: AdminReview | null;
  onClose: () => void;
  onCloseAutoFocus?: (event: Event) => void;
}

function useDecision() {
  const { t } = useTranslation('adminReviews');
  return useDecideReview({
    onSuccess: (_review, { decision }) =>
      toast({ title: t(decision === 'hide' ? 'toasts.hidden' : 'toasts.kept'), variant: 'success' }),
    onError: (error) =>
      toast({ title: t('toasts.decisionError'), description: apiErrorMessage(error), variant: 'destructive' }),
  });
}

/** 'Behåll' (or 'Visa igen' for a hidden review): asks first, since it resolves the reports for good. */
export function KeepReviewDialog({ review, onClose, onCloseAutoFocus }: DecisionDialogProps) {
  const { t } = useTranslation('adminReviews');
  const decide = useDecision();
  const wasHidden = Boolean(review?.hidden);
  return (
    <AlertDialog open={review !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <AlertDialogContent onCloseAutoFocus={onCloseAutoFocus}>
        <AlertDialogHeader>
          <AlertDialogTitle>{wasHidden ? t('keep.titleHidden') : t('keep.title')}</AlertDialogTitle>
          <AlertDialogDescription>
            {t(wasHidden ? 'keep.descriptionHidden' : 'keep.description', { clinic: review?.clinic.name ?? '' })}
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>{t('dialog.cancel')}</AlertDialogCancel>
          <AlertDialogAction onClick={() => review && decide.mutate({ reviewId: review.id, decision: 'keep' })}>
            {wasHidden ? t('keep.confirmHidden') : t('keep.confirm')}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

// The public reason is the one thing the admin chooses: the contract's own rule and message for it.
const HideFormSchema = z.strictObject({ reason: ReviewHideReasonSchema });
type HideForm = z.infer<typeof HideFormSchema>;

function HideForm({ review, onHidden }: { review: AdminReview; onHidden: () => void }) {
  const { t } = useTranslation(['adminReviews', 'common']);
  const decide = useDecision();
  const form = useForm<HideForm>({
    resolver: zodResolver(HideFormSchema),
    // A hidden review's reason is the one to change; a published one has none chosen yet.
    defaultValues: review.hidden ? { reason: review.hidden.reason } : {},
  });

  const submit = async ({ reason }: HideForm) => {
    try {
      await decide.mutateAsync({ reviewId: review.id, decision: 'hide', reason });
      onHidden();
    } catch (error) {
      setServerFieldErrors(error, ['reason'], form.setError);
    }
  };

  return (
    <form noValidate onSubmit={form.handleSubmit(submit)} className="grid gap-6">
      <FormSelectField
        control={form.control}
        name="reason"
        label={t('hide.reason')}
        hint={t('hide.reasonHint')}
        emptyLabel={t('hide.chooseReason')}
        options={REVIEW_HIDE_REASONS.map((reason) => ({
          value: reason,
          label: t(`common:reviewHideReasons.${reason}`),
        }))}
      />
      <DialogFormFooter
        cancelLabel={t('dialog.cancel')}
        submitLabel={t('hide.confirm')}
        submittingLabel={t('hide.confirming')}
        submitting={form.formState.isSubmitting}
        icon={<EyeOffIcon aria-hidden />}
        variant="destructive"
      />
    </form>
  );
}

/** 'Dölj' (or 'Byt skäl' for a hidden review): the public reason from the list, then the confirmation. */
export function HideReviewDialog({ review, onClose, onCloseAutoFocus }: DecisionDialogProps) {
  const { t } = useTranslation('adminReviews');
  return (
    <Dialog open={review !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent closeLabel={t('dialog.close')} onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>{t('hide.title')}</DialogTitle>
          <DialogDescription>{t('hide.description', { clinic: review?.clinic.name ?? '' })}</DialogDescription>
        </DialogHeader>
        {/* Inside the content, so every opening starts from the review's own state. */}
        {review ? <HideForm key={review.id} review={review} onHidden={onClose} /> : null}
      </DialogContent>
    </Dialog>
  );
}
