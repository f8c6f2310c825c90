import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { useWithdrawCertification } from '../api/withdraw-certification.ts';
import type { ClinicDialogProps } from './clinic-dialog-props.ts';
import { ReasonDialog } from './reason-dialog.tsx';

/** Withdraws a certified clinic's certification with the reason it reads; it leaves the register at once. */
export function WithdrawCertificationDialog({ clinic, open, onOpenChange, onCloseAutoFocus }: ClinicDialogProps) {
  const { t } = useTranslation('admin');
  const withdraw = useWithdrawCertification({
    onSuccess: (review) =>
      toast({ title: t('clinics.toasts.withdrawn', { name: review.clinic.fullName }), variant: 'success' }),
    onError: (error) =>
      toast({ title: t('clinics.toasts.withdrawError'), description: apiErrorMessage(error), variant: 'destructive' }),
  });
  return (
    <ReasonDialog
      open={open}
      onOpenChange={onOpenChange}
      onCloseAutoFocus={onCloseAutoFocus}
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
