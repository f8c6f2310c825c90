import { zodResolver } from '@hookform/resolvers/zod';
import { SaveIcon } from 'lucide-react';
import type { ComponentProps } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type AdminClinicEdit, AdminClinicEditSchema } from '../../../../contracts/admin.ts';
import type { ClinicOwnProfile } from '../../../../contracts/clinic-area.ts';
import { DialogFormFooter } from '../../../components/dialog-form-footer.tsx';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { ListSkeleton } from '../../../components/list-skeleton.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog.tsx';
import { apiErrorMessage } from '../../../lib/api-client.ts';
import { setServerFieldErrors } from '../../../lib/form-errors.ts';
import { toast } from '../../../lib/toast.ts';
import { useClinicReview } from '../api/get-clinic-review.ts';
import { type ClinicEdit, useUpdateClinic } from '../api/update-clinic.ts';
import type { ClinicDialogProps } from './clinic-dialog-props.ts';

type EditFieldName = keyof AdminClinicEdit;

/** SPEC section 7: the clinic data an admin edits, in the order of the form. */
const EDIT_FIELDS: {
  name: EditFieldName;
  type?: ComponentProps<'input'>['type'];
  autoComplete: string;
  required?: boolean;
}[] = [
  { name: 'fullName', autoComplete: 'organization', required: true },
  { name: 'companyName', autoComplete: 'off' },
  { name: 'orgNumber', autoComplete: 'off' },
  { name: 'website', type: 'url', autoComplete: 'off' },
  { name: 'contactPerson', autoComplete: 'off' },
  { name: 'contactEmail', type: 'email', autoComplete: 'off' },
  { name: 'discountCode', autoComplete: 'off' },
];

const valuesOf = (clinic: ClinicOwnProfile): AdminClinicEdit => ({
  fullName: clinic.fullName,
  companyName: clinic.companyName ?? '',
  orgNumber: clinic.orgNumber ?? '',
  website: clinic.website ?? '',
  contactPerson: clinic.contactPerson ?? '',
  contactEmail: clinic.contactEmail ?? '',
  discountCode: clinic.discountCode ?? '',
});

function ClinicEditForm({ clinic, onSaved }: { clinic: ClinicOwnProfile; onSaved: () => void }) {
  const { t } = useTranslation('admin');
  const update = useUpdateClinic({
    onSuccess: () => toast({ title: t('clinics.toasts.updated'), variant: 'success' }),
    onError: (error) =>
      toast({ title: t('clinics.toasts.updateError'), description: apiErrorMessage(error), variant: 'destructive' }),
  });
  const form = useForm<AdminClinicEdit, unknown, ClinicEdit['changes']>({
    resolver: zodResolver(AdminClinicEditSchema),
    defaultValues: valuesOf(clinic),
  });

  const submit = async (changes: ClinicEdit['changes']) => {
    try {
      await update.mutateAsync({ clinicId: clinic.id, changes });
      onSaved();
    } catch (error) {
      setServerFieldErrors(
        error,
        EDIT_FIELDS.map(({ name }) => name),
        form.setError,
      );
    }
  };

  const submitting = form.formState.isSubmitting;
  return (
    <form noValidate onSubmit={form.handleSubmit(submit)} className="grid gap-6">
      <div className="grid gap-5 sm:grid-cols-2">
        {EDIT_FIELDS.map(({ name, type, autoComplete, required }) => (
          <FormTextField
            key={name}
            control={form.control}
            name={name}
            label={t(`clinics.edit.fields.${name}`)}
            type={type}
            autoComplete={autoComplete}
            required={required}
          />
        ))}
      </div>
      <DialogFormFooter
        cancelLabel={t('dialog.cancel')}
        submitLabel={t('dialog.save')}
        submittingLabel={t('dialog.saving')}
        submitting={submitting}
        icon={<SaveIcon aria-hidden />}
      />
    </form>
  );
}

/** The form waits for the clinic's full data (the table row has only part of it). */
function ClinicEditContent({ clinicId, onSaved }: { clinicId: string; onSaved: () => void }) {
  const { t } = useTranslation('admin');
  const review = useClinicReview(clinicId, 'admin:clinics.toasts.clinicLoadError');
  if (review.data) return <ClinicEditForm clinic={review.data.clinic} onSaved={onSaved} />;
  if (review.isError)
    return (
      <LoadError
        message={t('clinics.edit.loadError')}
        onRetry={() => void review.refetch()}
        retrying={review.isFetching}
      />
    );
  return <ListSkeleton rows={4} rowClassName="h-16" />;
}

/** 'Redigera': the clinic's name and application details, checked as the server checks them. */
export function ClinicEditDialog({ clinic, open, onOpenChange, onCloseAutoFocus }: ClinicDialogProps) {
  const { t } = useTranslation('admin');
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={t('dialog.close')} className="max-w-2xl" onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>{t('clinics.edit.title', { name: clinic.fullName })}</DialogTitle>
          <DialogDescription>{t('clinics.edit.description')}</DialogDescription>
        </DialogHeader>
        <ClinicEditContent clinicId={clinic.id} onSaved={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}
