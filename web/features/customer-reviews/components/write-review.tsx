import { useTranslation } from 'react-i18next';
import type { CustomerInvitation, CustomerReview } from '../../../../contracts/reviews.ts';
import { apiErrorMessage } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { useWriteReview } from '../api/write-review.ts';
import { ReviewForm } from './review-form.tsx';

/** The review form of one claimed invitation: sends its one review with the invitation's id. */
export function WriteReview({
  invitation,
  onWritten,
  onCancel,
}: {
  invitation: CustomerInvitation;
  onWritten: (review: CustomerReview) => void;
  onCancel?: () => void;
}) {
  const { t } = useTranslation('customerReviews');
  const write = useWriteReview({
    onSuccess: onWritten,
    onError: (error) =>
      toast({ title: t('toasts.writeError'), description: apiErrorMessage(error), variant: 'destructive' }),
  });
  return (
    <ReviewForm
      visitDate={invitation.visitDate}
      submitLabel={t('form.submit')}
      onSubmit={(review) => write.mutateAsync({ invitationId: invitation.id, ...review })}
      onCancel={onCancel}
    />
  );
}
