import { useTranslation } from 'react-i18next';
import { SuspensionInputSchema } from '../../../../contracts/admin.ts';
import { apiErrorMessage } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { useSuspendClinic } from '../api/suspend-clinic.ts';
import type { ClinicDialogProps } from './clinic-dialog-props.ts';
import { ReasonDialog } from './reason-dialog.tsx';

/**
 * 'Dra in tillfälligt': the certificate is suspended with a reason shown publicly; the clinic leaves the
 * register at once and stays certified (Godkänd) until an admin reinstates it or withdraws it.
 */
export function SuspendClinicDialog({ clinic, open, onOpenChange, onCloseAutoFocus }: ClinicDialogProps) {
  const { t } = useTranslation('admin');
  const suspend = useSuspendClinic({
    onSuccess: (review) =>
      toast({ title: t('suspension.toasts.suspended', { name: review.clinic.fullName }), variant: 'success' }),
    onError: (error) =>
      toast({
        title: t('suspension.toasts.suspendError'),
        description: apiErrorMessage(error),
        variant: 'destructive',
      }),
  });
  return (
    <ReasonDialog
      open={open}
      onOpenChange={onOpenChange}
      onCloseAutoFocus={onCloseAutoFocus}
      schema={SuspensionInputSchema}
      texts={{
        title: t('suspension.title', { name: clinic.fullName }),
        description: t('suspension.description'),
        hint: t('suspension.hint'),
        submit: t('suspension.submit'),
        submitting: t('suspension.submitting'),
      }}
      onSubmit={async (reason) => {
        await suspend.mutateAsync({ clinicId: clinic.id, reason });
        onOpenChange(false);
      }}
    />
  );
}
