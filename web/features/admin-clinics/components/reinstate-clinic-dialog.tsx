import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/toast.ts';
import { useReinstateClinic } from '../api/reinstate-clinic.ts';
import { refusalInWords } from '../lib/fact-words.ts';
import type { ClinicDialogProps } from './clinic-dialog-props.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';

/** 'Återinför' asks first: the suspended certificate is valid again and the clinic back in the register. */
export function ReinstateClinicDialog({ clinic, open, onOpenChange, onCloseAutoFocus }: ClinicDialogProps) {
  const { t } = useTranslation('admin');
  const reinstate = useReinstateClinic({
    onSuccess: (review) =>
      toast({ title: t('suspension.toasts.reinstated', { name: review.clinic.fullName }), variant: 'success' }),
    onError: (error) => {
      toast({
        title: t('suspension.toasts.reinstateError'),
        description: refusalInWords(t, error),
        variant: 'destructive',
      });
    },
  });
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      onCloseAutoFocus={onCloseAutoFocus}
      title={t('suspension.reinstateTitle', { name: clinic.fullName })}
      description={t('suspension.reinstateDescription')}
      cancel={t('dialog.cancel')}
      confirm={t('suspension.reinstateConfirm')}
      onConfirm={() => reinstate.mutate({ clinicId: clinic.id })}
    />
  );
}
