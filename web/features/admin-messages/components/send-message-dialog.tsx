import { useTranslation } from 'react-i18next';
import { MessageDialog } from '../../../components/message-dialog.tsx';
import { apiErrorMessage } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { useSendAdminMessage } from '../api/send-admin-message.ts';

export interface MessageRecipient {
  id: string;
  fullName: string;
}

/** 'Skicka meddelande' to a clinic or customer, into the team's conversation with it; open while there is a `recipient`. */
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
  const send = useSendAdminMessage({
    onSuccess: () => toast({ title: t('message.toasts.sent'), variant: 'success' }),
    onError: (error) =>
      toast({ title: t('message.toasts.sendError'), description: apiErrorMessage(error), variant: 'destructive' }),
  });
  return (
    <MessageDialog
      recipient={recipient}
      texts={({ fullName }) => ({
        title: t('message.title'),
        description: t('message.description', { name: fullName }),
        label: t('message.label'),
        cancel: t('dialog.cancel'),
        close: t('dialog.close'),
        send: t('message.send'),
        sending: t('message.sending'),
      })}
      send={(to, content) => send.mutateAsync({ recipientId: to.id, content })}
      onClose={onClose}
      onCloseAutoFocus={onCloseAutoFocus}
    />
  );
}
