import { zodResolver } from '@hookform/resolvers/zod';
import { MailCheckIcon, SendIcon } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import {
  type ForgotPasswordForm as ForgotPasswordValues,
  ForgotPasswordFormSchema,
} from '../../../../contracts/auth.ts';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { requestPasswordReset } from '../api/request-password-reset.ts';
import { logUnexpectedAuthError } from '../lib/auth-errors.ts';

const EMPTY: z.input<typeof ForgotPasswordFormSchema> = { email: '' };

/**
 * `/glomt-losenord`: asks for a reset link. The answer is always the same neutral confirmation, so
 * the page never tells whether an address has an account.
 */
export function ForgotPasswordForm() {
  const { t } = useTranslation(['auth', 'validation']);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const confirmation = useRef<HTMLDivElement>(null);
  const form = useForm<z.input<typeof ForgotPasswordFormSchema>, unknown, ForgotPasswordValues>({
    resolver: zodResolver(ForgotPasswordFormSchema),
    defaultValues: EMPTY,
  });

  useEffect(() => {
    if (sentTo) confirmation.current?.focus();
  }, [sentTo]);

  const onSubmit = async ({ email }: ForgotPasswordValues) => {
    try {
      await requestPasswordReset(email);
    } catch (error) {
      logUnexpectedAuthError('Requesting a password reset failed', error);
    }
    setSentTo(email);
  };

  if (sentTo) {
    return (
      <div
        ref={confirmation}
        tabIndex={-1}
        role="status"
        className="rounded-lg border border-success/40 bg-success/10 p-5 text-center focus:outline-none"
      >
        <MailCheckIcon className="mx-auto size-8 text-success" aria-hidden />
        <p className="mt-3 font-semibold">{t('auth:forgotPassword.sent.title')}</p>
        <p className="mt-1 text-sm text-muted-foreground">{t('auth:forgotPassword.sent.text', { email: sentTo })}</p>
      </div>
    );
  }

  const submitting = form.formState.isSubmitting;
  return (
    <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="grid gap-5">
      <FormTextField
        control={form.control}
        name="email"
        label={t('auth:fields.email')}
        type="email"
        autoComplete="email"
        required
      />
      <Button type="submit" size="lg" disabled={submitting} className="w-full">
        <SendIcon aria-hidden />
        {submitting ? t('auth:forgotPassword.submitting') : t('auth:forgotPassword.submit')}
      </Button>
    </form>
  );
}
