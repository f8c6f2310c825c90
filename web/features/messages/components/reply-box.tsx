import { SendIcon } from 'lucide-react';
import { type FormEvent, type KeyboardEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MESSAGE_MAX_LENGTH } from '../../../../contracts/messages.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { apiErrorMessage } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { FINE_POINTER, useMediaQuery } from '../../../lib/use-media-query.ts';
import { useSendReply } from '../api/send-reply.ts';

/**
 * SPEC section 5: the reply box ignores empty or whitespace-only text and sends nothing while no
 * conversation is chosen. A failure says 'Kunde inte skicka meddelande' with the server's message.
 */
export function ReplyBox({ conversationId }: { conversationId: string | null }) {
  const { t } = useTranslation('messages');
  const [content, setContent] = useState('');
  const fieldId = useId();
  const hintId = useId();
  // Ctrl+Enter is a keyboard's shortcut: a phone or tablet is not told of it (issue 28 point 10).
  const hasKeyboard = useMediaQuery(FINE_POINTER);
  const hint = conversationId ? (hasKeyboard ? t('reply.hint') : null) : t('reply.chooseFirst');
  const send = useSendReply({
    onError: (error) =>
      toast({ title: t('toasts.sendError'), description: apiErrorMessage(error), variant: 'destructive' }),
  });

  const submit = (event: FormEvent | KeyboardEvent) => {
    event.preventDefault();
    const text = content.trim();
    if (!conversationId || !text || send.isPending) return;
    send.mutate({ conversationId, content: text }, { onSuccess: () => setContent('') });
  };

  return (
    <form noValidate onSubmit={submit} className="grid gap-2 border-t p-4">
      <Label htmlFor={fieldId}>{t('reply.label')}</Label>
      <Textarea
        id={fieldId}
        value={content}
        onChange={(event) => setContent(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) submit(event);
        }}
        disabled={!conversationId}
        maxLength={MESSAGE_MAX_LENGTH}
        rows={3}
        placeholder={t('reply.placeholder')}
        aria-describedby={hint ? hintId : undefined}
        className="min-h-20"
      />
      <div className="flex flex-wrap items-center justify-between gap-3">
        {hint ? (
          <p id={hintId} className="text-xs text-muted-foreground">
            {hint}
          </p>
        ) : null}
        <Button type="submit" disabled={!conversationId || send.isPending} className="ml-auto">
          <SendIcon aria-hidden />
          {send.isPending ? t('reply.sending') : t('reply.send')}
        </Button>
      </div>
    </form>
  );
}
