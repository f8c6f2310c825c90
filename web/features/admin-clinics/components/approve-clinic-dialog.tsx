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
import { useApproveClinic } from '../api/approve-clinic.ts';
import { refusalInWords } from '../lib/fact-words.ts';
import type { ClinicDialogProps } from './clinic-dialog-props.ts';

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
    <AlertDialog open={open} onOpenChange={onOpenChange}>
      <AlertDialogContent onCloseAutoFocus={onCloseAutoFocus}>
        <AlertDialogHeader>
          <AlertDialogTitle>{t('clinics.approve.title', { name: clinic.fullName })}</AlertDialogTitle>
          <AlertDialogDescription>{t('clinics.approve.description')}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>{t('dialog.cancel')}</AlertDialogCancel>
          <AlertDialogAction onClick={() => approve.mutate({ clinicId: clinic.id })}>
            {t('clinics.approve.confirm')}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
