import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { useWithdrawCertification } from '../api/withdraw-certification.ts';
import { ReasonDialog } from './reason-dialog.tsx';

/** Withdraws a certified clinic's certification with the reason it reads; it leaves the register at once. */
export function WithdrawCertificationDialog({
  clinic,
  open,
  onOpenChange,
}: {
  clinic: { id: string; fullName: string };
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation('admin');
  const withdraw = useWithdrawCertification({
    onSuccess: (review) => toast({ title: t('clinics.toasts.withdrawn', { name: review.clinic.fullName }), variant: 'success' }),
    onError: (error) => toast({ title: t('clinics.toasts.withdrawError'), description: apiErrorMessage(error), variant: 'destructive' }),
  });
  return (
    <ReasonDialog
      open={open}
      onOpenChange={onOpenChange}
      texts={{
        title: t('clinics.withdraw.title', { name: clinic.fullName }),
        description: t('clinics.withdraw.description'),
        submit: t('clinics.withdraw.submit'),
        submitting: t('clinics.withdraw.submitting'),
      }}
      onSubmit={async (reason) => {
        await withdraw.mutateAsync({ clinicId: clinic.id, reason });
        onOpenChange(false);
      }}
    />
  );
}
