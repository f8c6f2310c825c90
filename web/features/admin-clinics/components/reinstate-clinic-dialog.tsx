import { useTranslation } from 'react-i18next';
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
import { toast } from '../../../lib/toast.ts';
import { useReinstateClinic } from '../api/reinstate-clinic.ts';
import { refusalInWords } from '../lib/fact-words.ts';
import type { ClinicDialogProps } from './clinic-dialog-props.ts';

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
    <AlertDialog open={open} onOpenChange={onOpenChange}>
      <AlertDialogContent onCloseAutoFocus={onCloseAutoFocus}>
        <AlertDialogHeader>
          <AlertDialogTitle>{t('suspension.reinstateTitle', { name: clinic.fullName })}</AlertDialogTitle>
          <AlertDialogDescription>{t('suspension.reinstateDescription')}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>{t('dialog.cancel')}</AlertDialogCancel>
          <AlertDialogAction onClick={() => reinstate.mutate({ clinicId: clinic.id })}>
            {t('suspension.reinstateConfirm')}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
