import { zodResolver } from '@hookform/resolvers/zod';
import { Trash2Icon } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type DeleteAccountInput, DeleteAccountSchema } from '../../../../contracts/account-deletion.ts';
import type { Role } from '../../../../contracts/constants.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { ApiRequestError, apiErrorMessage } from '../../../lib/api-client.ts';
import { SERVER_ERROR_TYPE } from '../../../lib/form-errors.ts';
import { toast } from '../../../lib/toast.ts';
import { useDeleteAccount } from '../api/delete-account.ts';

/** What deleting does, for each role, in the order the warning lists it (accountDeletion.json `consequences`). */
const CONSEQUENCES: Record<Role, string[]> = {
  customer: ['signedOut', 'follows', 'messages', 'reports', 'signUpAgain'],
  clinic: ['signedOut', 'certificate', 'history', 'documents', 'signUpAgain'],
  admin: ['signedOut', 'teamMessages', 'signUpAgain'],
};

/**
 * 'Radera konto' (issue 26 point 2): the last card of every settings page. It says what deleting does
 * for the signed-in role, asks for the password, then once more in a dialog; the server deletes the
 * account in one step and ends its sessions. `onDeleted` signs this browser out and leaves the area.
 */
export function DeleteAccountCard({ role, onDeleted }: { role: Role; onDeleted: () => Promise<void> }) {
  const { t } = useTranslation('accountDeletion');
  const form = useForm<DeleteAccountInput>({
    resolver: zodResolver(DeleteAccountSchema),
    defaultValues: { password: '' },
  });
  const deletion = useDeleteAccount();
  const [confirming, setConfirming] = useState(false);

  const remove = async () => {
    try {
      await deletion.mutateAsync(form.getValues());
    } catch (error) {
      if (error instanceof ApiRequestError && error.code === 'wrong_password') {
        form.setError('password', { type: SERVER_ERROR_TYPE, message: error.message }, { shouldFocus: true });
      } else {
        toast({ title: t('toasts.error'), description: apiErrorMessage(error), variant: 'destructive' });
      }
      return;
    }
    toast({ title: t('toasts.deleted.title'), description: t('toasts.deleted.description'), variant: 'success' });
    await onDeleted();
  };

  return (
    <Card className="border-destructive/50">
      <CardHeader>
        <CardTitle as="h2" className="text-destructive">
          {t('title')}
        </CardTitle>
        <CardDescription>{t('description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <div className="grid gap-2 text-sm">
          <p className="font-medium">{t('consequences.heading')}</p>
          <ul className="grid list-disc gap-1 pl-5">
            {CONSEQUENCES[role].map((key) => (
              <li key={key}>{t(`consequences.${key}`)}</li>
            ))}
          </ul>
        </div>
        <form noValidate onSubmit={form.handleSubmit(() => setConfirming(true))} className="grid gap-4">
          <FormTextField
            control={form.control}
            name="password"
            type="password"
            label={t('password.label')}
            hint={t('password.hint')}
            autoComplete="current-password"
            required
            className="max-w-md"
          />
          <div>
            <Button type="submit" variant="destructive" disabled={deletion.isPending}>
              <Trash2Icon aria-hidden />
              {deletion.isPending ? t('deleting') : t('submit')}
            </Button>
          </div>
        </form>
      </CardContent>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('confirm.title')}
        description={t('confirm.description')}
        cancel={t('confirm.cancel')}
        confirm={t('confirm.action')}
        onConfirm={() => void remove()}
        destructive
      />
    </Card>
  );
}
