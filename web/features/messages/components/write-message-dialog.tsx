import { zodResolver } from '@hookform/resolvers/zod';
import { MailIcon, SendIcon } from 'lucide-react';
import { type ComponentProps, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { NewMessageSchema } from '../../../../contracts/messages.ts';
import { DialogFormFooter } from '../../../components/dialog-form-footer.tsx';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { Button } from '../../../components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../../../components/ui/dialog.tsx';
import { apiErrorMessage } from '../../../lib/api-client.ts';
import { setServerFieldErrors } from '../../../lib/form-errors.ts';
import { toast } from '../../../lib/toast.ts';
import { useSendMessage } from '../api/send-message.ts';

/** Whom the message goes to: a clinic of the register (by its profile id), or the support team. */
export type MessageRecipient = { kind?: 'user'; id: string; fullName: string } | { kind: 'team'; fullName: string };

// SPEC section 5: empty or only whitespace gives 'Meddelandet kan inte vara tomt.' (the contract trims first).
const WriteMessageFormSchema = NewMessageSchema.pick({ content: true });
type WriteMessageInput = z.input<typeof WriteMessageFormSchema>;
type WriteMessageValues = z.output<typeof WriteMessageFormSchema>;

function WriteMessageForm({ recipient, onSent }: { recipient: MessageRecipient; onSent: () => void }) {
  const { t } = useTranslation(['writeMessage', 'validation']);
  const send = useSendMessage({
    onSuccess: () => toast({ title: t('writeMessage:toasts.sent'), variant: 'success' }),
    onError: (error) =>
      toast({ title: t('writeMessage:toasts.sendError'), description: apiErrorMessage(error), variant: 'destructive' }),
  });
  const form = useForm<WriteMessageInput, unknown, WriteMessageValues>({
    resolver: zodResolver(WriteMessageFormSchema),
    defaultValues: { content: '' },
  });

  const submit = async ({ content }: WriteMessageValues) => {
    try {
      await send.mutateAsync({
        to: recipient.kind === 'team' ? { kind: 'team' } : { kind: 'user', id: recipient.id },
        content,
      });
      onSent();
    } catch (error) {
      setServerFieldErrors(error, ['content'], form.setError);
    }
  };

  return (
    <form noValidate onSubmit={form.handleSubmit(submit)} className="grid gap-6">
      <FormTextField control={form.control} name="content" label={t('writeMessage:label')} rows={6} required />
      <DialogFormFooter
        cancelLabel={t('writeMessage:cancel')}
        submitLabel={t('writeMessage:send')}
        submittingLabel={t('writeMessage:sending')}
        submitting={form.formState.isSubmitting}
        icon={<SendIcon aria-hidden />}
      />
    </form>
  );
}

/**
 * 'Skicka meddelande' to a clinic (issue 11): a signed-in customer writes from the clinic's card or
 * its public page; customers and clinics write to the support team from their inbox. The dialog is titled with the clinic's name; sent, it closes and focus goes back
 * to the button. Needs an AccessTokenProvider.
 */
export function WriteMessageDialog({
  recipient,
  size = 'sm',
}: {
  recipient: MessageRecipient;
  size?: ComponentProps<typeof Button>['size'];
}) {
  const { t } = useTranslation('writeMessage');
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button type="button" size={size} variant="outline">
          <MailIcon aria-hidden />
          {/* The visible words begin the accessible name, so that saying them works with voice control. */}
          <span aria-hidden>{t(recipient.kind === 'team' ? 'openTeam' : 'open')}</span>
          <span className="sr-only">
            {t(recipient.kind === 'team' ? 'openTeam' : 'openFor', { name: recipient.fullName })}
          </span>
        </Button>
      </DialogTrigger>
      <DialogContent closeLabel={t('close')}>
        <DialogHeader>
          <DialogTitle>{t('title', { name: recipient.fullName })}</DialogTitle>
          <DialogDescription>{t(recipient.kind === 'team' ? 'descriptionTeam' : 'description')}</DialogDescription>
        </DialogHeader>
        <WriteMessageForm recipient={recipient} onSent={() => setOpen(false)} />
      </DialogContent>
    </Dialog>
  );
}
