import { zodResolver } from '@hookform/resolvers/zod';
import { SendIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { MessageContentSchema } from '../../contracts/messages.ts';
import { setServerFieldErrors } from '../lib/form-errors.ts';
import { DialogFormFooter } from './dialog-form-footer.tsx';
import { FormTextField } from './form-text-field.tsx';
import { RecordDialog } from './record-dialog.tsx';

/** The words of a message dialog, in the writing feature's own translations. */
export interface MessageDialogTexts {
  title: ReactNode;
  description: ReactNode;
  label: string;
  cancel: string;
  close: string;
  send: string;
  sending: string;
}

// SPEC section 5: empty or only whitespace gives 'Meddelandet kan inte vara tomt.' (the contract trims first).
const MessageFormSchema = z.object({ content: MessageContentSchema });
type MessageInput = z.input<typeof MessageFormSchema>;
type MessageValues = z.output<typeof MessageFormSchema>;

function MessageForm({
  texts,
  send,
  onSent,
}: {
  texts: MessageDialogTexts;
  send: (content: string) => Promise<unknown>;
  onSent: () => void;
}) {
  const form = useForm<MessageInput, unknown, MessageValues>({
    resolver: zodResolver(MessageFormSchema),
    defaultValues: { content: '' },
  });

  const submit = async ({ content }: MessageValues) => {
    try {
      await send(content);
      onSent();
    } catch (error) {
      setServerFieldErrors(error, ['content'], form.setError);
    }
  };

  return (
    <form noValidate onSubmit={form.handleSubmit(submit)} className="grid gap-6">
      <FormTextField control={form.control} name="content" label={texts.label} rows={6} required />
      <DialogFormFooter
        cancelLabel={texts.cancel}
        submitLabel={texts.send}
        submittingLabel={texts.sending}
        submitting={form.formState.isSubmitting}
        icon={<SendIcon aria-hidden />}
      />
    </form>
  );
}

/**
 * 'Skicka meddelande': one message to `recipient`, open while there is one. `send` posts it (its
 * mutation says sent or failed); sent, the dialog closes, and a refusal of the text shows under the field.
 */
export function MessageDialog<TRecipient>({
  recipient,
  texts,
  send,
  onClose,
  onCloseAutoFocus,
}: {
  recipient: TRecipient | null;
  texts: (recipient: TRecipient) => MessageDialogTexts;
  send: (recipient: TRecipient, content: string) => Promise<unknown>;
  onClose: () => void;
  /** Gives focus back to what opened the dialog (see RecordDialog). */
  onCloseAutoFocus?: (event: Event) => void;
}) {
  const shown = recipient === null ? null : { recipient, texts: texts(recipient) };
  return (
    <RecordDialog
      record={shown}
      onClose={onClose}
      onCloseAutoFocus={onCloseAutoFocus}
      closeLabel={shown?.texts.close ?? ''}
      title={shown?.texts.title}
      description={(record) => record.texts.description}
    >
      {(record) => (
        <MessageForm texts={record.texts} send={(content) => send(record.recipient, content)} onSent={onClose} />
      )}
    </RecordDialog>
  );
}
