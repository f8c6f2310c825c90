import { zodResolver } from '@hookform/resolvers/zod';
import { Trash2Icon } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type EraseAccountInput, EraseAccountSchema } from '../../../../contracts/account-deletion.ts';
import type { AdminUserRow } from '../../../../contracts/admin.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { DialogFormFooter } from '../../../components/dialog-form-footer.tsx';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { RecordDialog } from '../../../components/record-dialog.tsx';
import { apiErrorMessage } from '../../../lib/api-client.ts';
import { setServerFieldErrors } from '../../../lib/form-errors.ts';
import { toast } from '../../../lib/toast.ts';
import { useEraseUser } from '../api/erase-user.ts';

function EraseUserForm({ user, onErased }: { user: AdminUserRow; onErased: () => void }) {
  const { t } = useTranslation('accountDeletion');
  const form = useForm<EraseAccountInput>({ resolver: zodResolver(EraseAccountSchema), defaultValues: { reason: '' } });
  const [confirming, setConfirming] = useState(false);
  const erase = useEraseUser({
    onSuccess: () => toast({ title: t('erase.toasts.erased', { name: user.fullName }), variant: 'success' }),
    onError: (error) =>
      toast({ title: t('erase.toasts.error'), description: apiErrorMessage(error), variant: 'destructive' }),
  });

  const send = async () => {
    try {
      await erase.mutateAsync({ userId: user.id, reason: form.getValues('reason') });
      onErased();
    } catch (error) {
      setServerFieldErrors(error, ['reason'], form.setError);
    }
  };

  return (
    <form noValidate onSubmit={form.handleSubmit(() => setConfirming(true))} className="grid gap-6">
      <FormTextField
        control={form.control}
        name="reason"
        label={t('erase.reason.label')}
        hint={t('erase.reason.hint')}
        rows={4}
        required
      />
      <DialogFormFooter
        cancelLabel={t('erase.cancel')}
        submitLabel={t('erase.submit')}
        submittingLabel={t('erase.submitting')}
        submitting={erase.isPending}
        icon={<Trash2Icon aria-hidden />}
        variant="destructive"
      />
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('erase.confirm.title', { name: user.fullName })}
        description={t('erase.confirm.description')}
        cancel={t('erase.cancel')}
        confirm={t('erase.confirm.action')}
        onConfirm={() => void send()}
        destructive
      />
    </form>
  );
}

/**
 * 'Radera konto' of a customer (issue 26 point 5): on the person's own request, for someone who lost
 * access. The reason is required (the audit log keeps it) and the dialog asks once more before erasing.
 */
export function EraseUserDialog({
  user,
  onClose,
  onCloseAutoFocus,
}: {
  user: AdminUserRow | null;
  onClose: () => void;
  onCloseAutoFocus?: (event: Event) => void;
}) {
  const { t } = useTranslation('accountDeletion');
  return (
    <RecordDialog
      record={user}
      onClose={onClose}
      onCloseAutoFocus={onCloseAutoFocus}
      closeLabel={t('erase.close')}
      title={user ? t('erase.title', { name: user.fullName }) : null}
      description={() => t('erase.description')}
    >
      {(record) => <EraseUserForm key={record.id} user={record} onErased={onClose} />}
    </RecordDialog>
  );
}
