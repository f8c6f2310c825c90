import { MailIcon } from 'lucide-react';
import { type ComponentProps, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MessageDialog } from '../../../components/message-dialog.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { apiErrorMessage } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import type { SentMessage } from '../../../../contracts/messages.ts';
import { useSendMessage } from '../api/send-message.ts';

/** Whom the message goes to: a clinic of the register (by its profile id), or the support team. */
export type MessageRecipient = { kind?: 'user'; id: string; fullName: string } | { kind: 'team'; fullName: string };

/**
 * 'Skicka meddelande' to a clinic (issue 11): a signed-in customer writes from the clinic's card or
 * its public page; customers and clinics write to the support team from their inbox. The dialog is
 * titled with the clinic's name; sent, it closes and focus goes back to the button. Needs an
 * AccessTokenProvider. `open` and `onOpenChange` let the page open it (e.g. from a link); `onSent`
 * hears of the conversation the message went to.
 */
export function WriteMessageDialog({
  recipient,
  size = 'sm',
  open: openAsked,
  onOpenChange,
  onSent,
}: {
  recipient: MessageRecipient;
  size?: ComponentProps<typeof Button>['size'];
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  onSent?: (sent: SentMessage) => void;
}) {
  const { t } = useTranslation('writeMessage');
  const [ownOpen, setOwnOpen] = useState(false);
  const open = openAsked ?? ownOpen;
  const setOpen = onOpenChange ?? setOwnOpen;
  const button = useRef<HTMLButtonElement>(null);
  const send = useSendMessage({
    onSuccess: (sent) => {
      toast({ title: t('toasts.sent'), variant: 'success' });
      onSent?.(sent);
    },
    onError: (error) =>
      toast({ title: t('toasts.sendError'), description: apiErrorMessage(error), variant: 'destructive' }),
  });
  const toTeam = recipient.kind === 'team';
  return (
    <>
      <Button
        ref={button}
        type="button"
        size={size}
        variant="outline"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(true)}
      >
        <MailIcon aria-hidden />
        {/* The visible words begin the accessible name, so that saying them works with voice control. */}
        <span aria-hidden>{t(toTeam ? 'openTeam' : 'open')}</span>
        <span className="sr-only">{t(toTeam ? 'openTeam' : 'openFor', { name: recipient.fullName })}</span>
      </Button>
      <MessageDialog
        recipient={open ? recipient : null}
        texts={({ fullName }) => ({
          title: t('title', { name: fullName }),
          description: t(toTeam ? 'descriptionTeam' : 'description'),
          label: t('label'),
          cancel: t('cancel'),
          close: t('close'),
          send: t('send'),
          sending: t('sending'),
        })}
        send={(to, content) =>
          send.mutateAsync({ to: to.kind === 'team' ? { kind: 'team' } : { kind: 'user', id: to.id }, content })
        }
        onClose={() => setOpen(false)}
        onCloseAutoFocus={() => button.current?.focus()}
      />
    </>
  );
}
