import { zodResolver } from '@hookform/resolvers/zod';
import { FlagIcon, LogInIcon } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type ReviewReportForm, ReviewReportFormSchema } from '../../../../contracts/reviews.ts';
import { DialogFormFooter } from '../../../components/dialog-form-footer.tsx';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { RecordDialog } from '../../../components/record-dialog.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { DialogClose, DialogFooter } from '../../../components/ui/dialog.tsx';
import { paths } from '../../../config/paths.ts';
import { apiErrorMessage } from '../../../lib/api-client.ts';
import { setServerFieldErrors } from '../../../lib/form-errors.ts';
import { toast } from '../../../lib/toast.ts';
import { useReportReview } from '../api/report-review.ts';

/** Who may report, as the page knows it: signed in, or where signing in leads back to. */
export type Reporter = { signedIn: true } | { signedIn: false; signInState: unknown };

function ReportForm({ reviewId, onSent }: { reviewId: string; onSent: () => void }) {
  const { t } = useTranslation('reviews');
  const form = useForm<ReviewReportForm>({
    resolver: zodResolver(ReviewReportFormSchema),
    defaultValues: { reason: '' },
  });
  const report = useReportReview(reviewId, {
    onSuccess: () =>
      toast({ title: t('report.toasts.sent'), description: t('report.toasts.sentDescription'), variant: 'success' }),
    onError: (error) =>
      toast({ title: t('report.toasts.error'), description: apiErrorMessage(error), variant: 'destructive' }),
  });

  const submit = async (values: ReviewReportForm) => {
    try {
      await report.mutateAsync(values);
      onSent();
    } catch (error) {
      setServerFieldErrors(error, ['reason'], form.setError);
    }
  };

  return (
    <form noValidate onSubmit={form.handleSubmit(submit)} className="grid gap-6">
      <FormTextField
        control={form.control}
        name="reason"
        label={t('report.reason')}
        hint={t('report.reasonHint')}
        rows={5}
        required
      />
      <DialogFormFooter
        cancelLabel={t('report.cancel')}
        submitLabel={t('report.submit')}
        submittingLabel={t('report.submitting')}
        submitting={form.formState.isSubmitting}
        icon={<FlagIcon aria-hidden />}
      />
    </form>
  );
}

/**
 * "Anmäl" (issue 23 point 3): the reason a published review should be checked, sent for the signed-in
 * person (an AccessTokenProvider around it); signed out, it says to sign in, with the way there and back.
 * Loaded only when someone first opens it: the clinic's page carries no form code for every reader.
 */
export function ReportReviewDialog({
  reviewId,
  reporter,
  onClose,
  onCloseAutoFocus,
}: {
  /** The review being reported; null while the dialog is closed. */
  reviewId: string | null;
  reporter: Reporter;
  onClose: () => void;
  onCloseAutoFocus: (event: Event) => void;
}) {
  const { t } = useTranslation('reviews');
  return (
    <RecordDialog
      record={reviewId}
      onClose={onClose}
      onCloseAutoFocus={onCloseAutoFocus}
      closeLabel={t('report.close')}
      title={t('report.title')}
      description={() => t(reporter.signedIn ? 'report.description' : 'report.signInDescription')}
    >
      {(id) =>
        reporter.signedIn ? (
          <ReportForm reviewId={id} onSent={onClose} />
        ) : (
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline">
                {t('report.cancel')}
              </Button>
            </DialogClose>
            <Button asChild>
              <Link to={paths.login} state={reporter.signInState}>
                <LogInIcon aria-hidden />
                {t('report.signIn')}
              </Link>
            </Button>
          </DialogFooter>
        )
      }
    </RecordDialog>
  );
}
