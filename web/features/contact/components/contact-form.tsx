import { zodResolver } from '@hookform/resolvers/zod';
import { MessagesSquareIcon, SendIcon } from 'lucide-react';
import { type ComponentProps, useId } from 'react';
import { Controller, type FieldError as FormFieldError, type FieldPath, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import {
  type ContactMessage,
  type ContactMessageInput,
  ContactMessageSchema,
  ThreadTokenSchema,
} from '../../../../contracts/contact.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Field, FieldError, FieldLabel } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { ApiRequestError, apiErrorMessage } from '../../../lib/api-client.ts';
import { SERVER_ERROR_TYPE, setServerFieldErrors } from '../../../lib/form-errors.ts';
import { toast } from '../../../lib/toast.ts';
import { useSendContactMessage } from '../api/send-contact-message.ts';

const EMPTY: ContactMessageInput = { name: '', email: '', subject: '', message: '' };

type FieldName = FieldPath<ContactMessageInput>;

const FIELD_NAMES: readonly FieldName[] = ['name', 'email', 'subject', 'message'];

const TEXT_FIELDS: {
  name: Exclude<FieldName, 'message'>;
  type: ComponentProps<'input'>['type'];
  autoComplete: string;
}[] = [
  { name: 'name', type: 'text', autoComplete: 'name' },
  { name: 'email', type: 'email', autoComplete: 'email' },
  { name: 'subject', type: 'text', autoComplete: 'off' },
];

/**
 * SPEC section 2 "Contact page": all four fields required; sent, it thanks the visitor and empties
 * the form. Issue 11: the message goes to POST /api/contact, the team's inbox. A refusal keeps what
 * was typed, with the server's message in a toast and on the fields it names. Issue 27: opened from
 * the link in the team's email to a guest (`?token=…`), the message continues that conversation; a
 * link the server no longer takes is dropped, so the next try starts a new conversation.
 */
export function ContactForm() {
  const { t } = useTranslation(['contact', 'validation']);
  const idPrefix = useId();
  const [searchParams, setSearchParams] = useSearchParams();
  const linkToken = ThreadTokenSchema.safeParse(searchParams.get('token'));
  const threadToken = linkToken.success ? linkToken.data : undefined;
  const form = useForm<ContactMessageInput, unknown, ContactMessage>({
    resolver: zodResolver(ContactMessageSchema),
    defaultValues: EMPTY,
  });

  const send = useSendContactMessage({
    onSuccess: () =>
      toast({
        title: t('contact:form.sent.title'),
        description: t('contact:form.sent.description'),
        variant: 'success',
      }),
    onError: (error) =>
      toast({ title: t('contact:form.sendError'), description: apiErrorMessage(error), variant: 'destructive' }),
  });

  const onSubmit = async (message: ContactMessage) => {
    try {
      await send.mutateAsync(threadToken ? { ...message, threadToken } : message);
      form.reset(EMPTY);
    } catch (error) {
      setServerFieldErrors(error, FIELD_NAMES, form.setError);
      if (error instanceof ApiRequestError && error.code === 'thread_link_invalid') {
        setSearchParams(
          (params) => {
            params.delete('token');
            return params;
          },
          { replace: true },
        );
      }
    }
  };

  // Zod's messages are keys; the server's are already translated.
  const errorText = (error: FormFieldError | undefined) =>
    error?.message ? (error.type === SERVER_ERROR_TYPE ? error.message : t(error.message)) : null;
  const submitting = form.formState.isSubmitting;

  const ids = (name: FieldName) => ({ input: `${idPrefix}-${name}`, error: `${idPrefix}-${name}-error` });

  return (
    <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="grid gap-5">
      {threadToken ? (
        <p
          role="note"
          className="flex items-start gap-2 rounded-md border border-primary/30 bg-secondary/60 p-3 text-sm"
        >
          <MessagesSquareIcon className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
          {t('contact:form.continuing')}
        </p>
      ) : null}
      <p className="text-sm text-muted-foreground">{t('contact:form.allRequired')}</p>
      <div className="grid gap-5 sm:grid-cols-2">
        {TEXT_FIELDS.map(({ name, type, autoComplete }) => (
          <Controller
            key={name}
            name={name}
            control={form.control}
            render={({ field, fieldState }) => (
              <Field data-invalid={fieldState.invalid} className={name === 'subject' ? 'sm:col-span-2' : undefined}>
                <FieldLabel htmlFor={ids(name).input}>{t(`contact:form.${name}.label`)}</FieldLabel>
                <Input
                  {...field}
                  id={ids(name).input}
                  type={type}
                  autoComplete={autoComplete}
                  required
                  aria-invalid={fieldState.invalid}
                  aria-describedby={fieldState.error ? ids(name).error : undefined}
                  placeholder={t(`contact:form.${name}.placeholder`)}
                />
                <FieldError id={ids(name).error}>{errorText(fieldState.error)}</FieldError>
              </Field>
            )}
          />
        ))}
      </div>
      <Controller
        name="message"
        control={form.control}
        render={({ field, fieldState }) => (
          <Field data-invalid={fieldState.invalid}>
            <FieldLabel htmlFor={ids('message').input}>{t('contact:form.message.label')}</FieldLabel>
            <Textarea
              {...field}
              id={ids('message').input}
              rows={6}
              required
              aria-invalid={fieldState.invalid}
              aria-describedby={fieldState.error ? ids('message').error : undefined}
              placeholder={t('contact:form.message.placeholder')}
            />
            <FieldError id={ids('message').error}>{errorText(fieldState.error)}</FieldError>
          </Field>
        )}
      />
      <div>
        <Button type="submit" size="lg" disabled={submitting} aria-busy={submitting || undefined}>
          <SendIcon aria-hidden />
          {submitting ? t('contact:form.submitting') : t('contact:form.submit')}
        </Button>
      </div>
    </form>
  );
}
