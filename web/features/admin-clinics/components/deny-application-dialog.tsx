import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { useDenyApplication } from '../api/deny-application.ts';
import type { ClinicDialogProps } from './clinic-dialog-props.ts';
import { ReasonDialog } from './reason-dialog.tsx';

/** 'Neka': the waiting application becomes Nekad with the reason the clinic reads ('Ansökan nekad'). */
export function DenyApplicationDialog({
  clinic,
  open,
  onOpenChange,
  onCloseAutoFocus,
  onDenied,
}: ClinicDialogProps & { onDenied: () => void }) {
  const { t } = useTranslation('admin');
  const deny = useDenyApplication({
    onSuccess: () => toast({ title: t('review.toasts.denied'), variant: 'success' }),
    onError: (error) =>
      toast({ title: t('review.toasts.denyError'), description: apiErrorMessage(error), variant: 'destructive' }),
  });
  return (
    <ReasonDialog
      open={open}
      onOpenChange={onOpenChange}
      onCloseAutoFocus={onCloseAutoFocus}
      texts={{
        title: t('review.deny.title', { name: clinic.fullName }),
        description: t('review.deny.description'),
        submit: t('review.deny.submit'),
        submitting: t('review.deny.submitting'),
      }}
      onSubmit={async (reason) => {
        await deny.mutateAsync({ clinicId: clinic.id, reason });
        onDenied();
      }}
    />
  );
}
