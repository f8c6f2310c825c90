import { zodResolver } from '@hookform/resolvers/zod';
import { SendIcon } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { AdminMessageSchema } from '../../../../contracts/admin.ts';
import { DialogFormFooter } from '../../../components/dialog-form-footer.tsx';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { RecordDialog } from '../../../components/record-dialog.tsx';
import { apiErrorMessage } from '../../../lib/api-client.ts';
import { setServerFieldErrors } from '../../../lib/form-errors.ts';
import { toast } from '../../../lib/toast.ts';
import { useSendAdminMessage } from '../api/send-admin-message.ts';

export interface MessageRecipient {
  id: string;
  fullName: string;
}

// SPEC section 5: empty or only whitespace gives 'Meddelandet kan inte vara tomt.' (the contract trims first).
const MessageFormSchema = AdminMessageSchema.pick({ content: true });
type MessageValues = z.infer<typeof MessageFormSchema>;

function MessageForm({ recipient, onSent }: { recipient: MessageRecipient; onSent: () => void }) {
  const { t } = useTranslation('admin');
  const send = useSendAdminMessage({
    onSuccess: () => toast({ title: t('message.toasts.sent'), variant: 'success' }),
    onError: (error) =>
      toast({ title: t('message.toasts.sendError'), description: apiErrorMessage(error), variant: 'destructive' }),
  });
  const form = useForm<MessageValues>({ resolver: zodResolver(MessageFormSchema), defaultValues: { content: '' } });

  const submit = async ({ content }: MessageValues) => {
    try {
      await send.mutateAsync({ recipientId: recipient.id, content });
      onSent();
    } catch (error) {
      setServerFieldErrors(error, ['content'], form.setError);
    }
  };

  const submitting = form.formState.isSubmitting;
  return (
    <form noValidate onSubmit={form.handleSubmit(submit)} className="grid gap-6">
      <FormTextField control={form.control} name="content" label={t('message.label')} rows={6} required />
      <DialogFormFooter
        cancelLabel={t('dialog.cancel')}
        submitLabel={t('message.send')}
        submittingLabel={t('message.sending')}
        submitting={submitting}
        icon={<SendIcon aria-hidden />}
      />
    </form>
  );
}

/** 'Skicka meddelande' to a clinic or customer; open while there is a `recipient`. */
export function SendMessageDialog({
  recipient,
  onClose,
  onCloseAutoFocus,
}: {
  recipient: MessageRecipient | null;
  onClose: () => void;
  onCloseAutoFocus?: (event: Event) => void;
}) {
  const { t } = useTranslation('admin');
  return (
    <RecordDialog
      record={recipient}
      onClose={onClose}
      onCloseAutoFocus={onCloseAutoFocus}
      closeLabel={t('dialog.close')}
      title={t('message.title')}
      description={(record) => t('message.description', { name: record.fullName })}
    >
      {(record) => <MessageForm key={record.id} recipient={record} onSent={onClose} />}
    </RecordDialog>
  );
}
