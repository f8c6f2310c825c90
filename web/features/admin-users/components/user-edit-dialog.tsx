import { zodResolver } from '@hookform/resolvers/zod';
import { SaveIcon } from 'lucide-react';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { type AdminUserRow, AdminUserEditSchema } from '../../../../contracts/admin.ts';
import { DialogFormFooter } from '../../../components/dialog-form-footer.tsx';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { RecordDialog } from '../../../components/record-dialog.tsx';
import { Field, FieldDescription, FieldLabel } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { apiErrorMessage } from '../../../lib/api-client.ts';
import { setServerFieldErrors } from '../../../lib/form-errors.ts';
import { toast } from '../../../lib/toast.ts';
import { useUpdateUser } from '../api/update-user.ts';

type UserValues = z.infer<typeof AdminUserEditSchema>;

function UserEditForm({ user, onSaved }: { user: AdminUserRow; onSaved: () => void }) {
  const { t } = useTranslation('admin');
  const emailId = useId();
  const update = useUpdateUser({
    onSuccess: () => toast({ title: t('users.toasts.updated'), variant: 'success' }),
    onError: (error) =>
      toast({ title: t('users.toasts.updateError'), description: apiErrorMessage(error), variant: 'destructive' }),
  });
  const form = useForm<UserValues>({
    resolver: zodResolver(AdminUserEditSchema),
    defaultValues: { fullName: user.fullName },
  });

  const submit = async ({ fullName }: UserValues) => {
    try {
      await update.mutateAsync({ userId: user.id, fullName });
      onSaved();
    } catch (error) {
      setServerFieldErrors(error, ['fullName'], form.setError);
    }
  };

  const submitting = form.formState.isSubmitting;
  return (
    <form noValidate onSubmit={form.handleSubmit(submit)} className="grid gap-5">
      <FormTextField
        control={form.control}
        name="fullName"
        label={t('users.edit.fullName')}
        autoComplete="off"
        required
      />
      <Field>
        <FieldLabel htmlFor={emailId}>{t('users.edit.email')}</FieldLabel>
        <Input id={emailId} type="email" value={user.email} disabled aria-describedby={`${emailId}-hint`} />
        <FieldDescription id={`${emailId}-hint`}>{t('users.edit.emailLocked')}</FieldDescription>
      </Field>
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

/** SPEC section 2 "Admin area", users: the manage dialog edits the full name only; the email is locked. */
export function UserEditDialog({
  user,
  onClose,
  onCloseAutoFocus,
}: {
  user: AdminUserRow | null;
  onClose: () => void;
  onCloseAutoFocus?: (event: Event) => void;
}) {
  const { t } = useTranslation('admin');
  return (
    <RecordDialog
      record={user}
      onClose={onClose}
      onCloseAutoFocus={onCloseAutoFocus}
      closeLabel={t('dialog.close')}
      title={t('users.edit.title')}
      description={() => t('users.edit.description')}
    >
      {(record) => <UserEditForm key={record.id} user={record} onSaved={onClose} />}
    </RecordDialog>
  );
}
