import { zodResolver } from '@hookform/resolvers/zod';
import { Trash2Icon } from 'lucide-react';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type EraseAccountInput, EraseAccountSchema } from '../../../../contracts/account-deletion.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { DialogFormFooter } from '../../../components/dialog-form-footer.tsx';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { RecordDialog } from '../../../components/record-dialog.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { apiErrorMessage } from '../../../lib/api-client.ts';
import { setServerFieldErrors } from '../../../lib/form-errors.ts';
import { toast } from '../../../lib/toast.ts';
import { useEraseAccount } from '../api/erase-account.ts';

/** Whose account: a customer's or a clinic's, named as the admin's table names it. */
export type ErasableAccount = { id: string; fullName: string };

function EraseAccountForm({ account, onErased }: { account: ErasableAccount; onErased: () => void }) {
  const { t } = useTranslation('accountDeletion');
  const form = useForm<EraseAccountInput>({ resolver: zodResolver(EraseAccountSchema), defaultValues: { reason: '' } });
  const [confirming, setConfirming] = useState(false);
  const erase = useEraseAccount({
    onSuccess: () => toast({ title: t('erase.toasts.erased', { name: account.fullName }), variant: 'success' }),
    onError: (error) =>
      toast({ title: t('erase.toasts.error'), description: apiErrorMessage(error), variant: 'destructive' }),
  });

  const send = async () => {
    try {
      await erase.mutateAsync({ accountId: account.id, reason: form.getValues('reason') });
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
        title={t('erase.confirm.title', { name: account.fullName })}
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
 * The admin's 'Radera konto' of a customer or a clinic (issue 26 point 5): on the account holder's own
 * request, for someone who lost access. The reason is required (the audit log keeps it) and the dialog
 * asks once more before erasing. Open while there is an account.
 */
export function EraseAccountDialog({
  account,
  onClose,
  onCloseAutoFocus,
}: {
  account: ErasableAccount | null;
  onClose: () => void;
  onCloseAutoFocus?: (event: Event) => void;
}) {
  const { t } = useTranslation('accountDeletion');
  return (
    <RecordDialog
      record={account}
      onClose={onClose}
      onCloseAutoFocus={onCloseAutoFocus}
      closeLabel={t('erase.close')}
      title={account ? t('erase.title', { name: account.fullName }) : null}
      description={() => t('erase.description')}
    >
      {(record) => <EraseAccountForm key={record.id} account={record} onErased={onClose} />}
    </RecordDialog>
  );
}

/**
 * The users table's row action: an icon beside 'Hantera', named for screen readers and on hover, so the
 * row stays narrow at 390 px; focus goes back to it when the dialog closes.
 */
export function EraseAccountButton({ account }: { account: ErasableAccount }) {
  const { t } = useTranslation('accountDeletion');
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  return (
    <>
      <Button
        ref={button}
        variant="outline"
        size="icon"
        className="ml-2 size-9 text-destructive"
        aria-label={t('erase.actionFor', { name: account.fullName })}
        title={t('erase.action')}
        onClick={() => setOpen(true)}
      >
        <Trash2Icon aria-hidden />
      </Button>
      <EraseAccountDialog
        account={open ? account : null}
        onClose={() => setOpen(false)}
        onCloseAutoFocus={() => button.current?.focus()}
      />
    </>
  );
}
