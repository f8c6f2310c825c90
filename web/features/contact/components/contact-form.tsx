import { zodResolver } from '@hookform/resolvers/zod';
import { SendIcon } from 'lucide-react';
import { type ComponentProps, useId } from 'react';
import { Controller, type FieldPath, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type ContactMessage, type ContactMessageInput, ContactMessageSchema } from '../../../../contracts/contact.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Field, FieldError, FieldLabel } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { toast } from '../../../lib/toast.ts';

const EMPTY: ContactMessageInput = { name: '', email: '', subject: '', message: '' };

type FieldName = FieldPath<ContactMessageInput>;

const TEXT_FIELDS: { name: Exclude<FieldName, 'message'>; type: ComponentProps<'input'>['type']; autoComplete: string }[] = [
  { name: 'name', type: 'text', autoComplete: 'name' },
  { name: 'email', type: 'email', autoComplete: 'email' },
  { name: 'subject', type: 'text', autoComplete: 'off' },
];

/**
 * SPEC section 2 "Contact page": sending only thanks the visitor and empties the form;
 * no message leaves the browser.
 */
export function ContactForm() {
  const { t } = useTranslation(['contact', 'validation']);
  const idPrefix = useId();
  const form = useForm<ContactMessageInput, unknown, ContactMessage>({
    resolver: zodResolver(ContactMessageSchema),
    defaultValues: EMPTY,
  });

  const onSubmit = () => {
    toast({ title: t('contact:form.sent.title'), description: t('contact:form.sent.description'), variant: 'success' });
    form.reset(EMPTY);
  };

  const ids = (name: FieldName) => ({ input: `${idPrefix}-${name}`, error: `${idPrefix}-${name}-error` });

  return (
    <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="grid gap-5">
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
                <FieldError id={ids(name).error}>{fieldState.error?.message ? t(fieldState.error.message) : null}</FieldError>
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
            <FieldError id={ids('message').error}>{fieldState.error?.message ? t(fieldState.error.message) : null}</FieldError>
          </Field>
        )}
      />
      <div>
        <Button type="submit" size="lg" disabled={form.formState.isSubmitting}>
          <SendIcon aria-hidden />
          {t('contact:form.submit')}
        </Button>
      </div>
    </form>
  );
}
