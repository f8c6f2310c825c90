import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/toast.ts';
import { useApproveClinic } from '../api/approve-clinic.ts';
import { refusalInWords } from '../lib/fact-words.ts';
import type { ClinicDialogProps } from './clinic-dialog-props.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';

/**
 * The clinics table's 'Godkänn' certifies at once, without the review of the applications page
 * (SPEC section 4), so it asks first.
 */
export function ApproveClinicDialog({ clinic, open, onOpenChange, onCloseAutoFocus }: ClinicDialogProps) {
  const { t } = useTranslation('admin');
  const approve = useApproveClinic({
    onSuccess: () => toast({ title: t('clinics.toasts.approved'), variant: 'success' }),
    onError: (error) => {
      toast({
        title: t('clinics.toasts.approveError'),
        description: refusalInWords(t, error, 'review.decision.approveRefused'),
        variant: 'destructive',
      });
    },
  });
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      onCloseAutoFocus={onCloseAutoFocus}
      title={t('clinics.approve.title', { name: clinic.fullName })}
      description={t('clinics.approve.description')}
      cancel={t('dialog.cancel')}
      confirm={t('clinics.approve.confirm')}
      onConfirm={() => approve.mutate({ clinicId: clinic.id })}
    />
  );
}
