import { zodResolver } from '@hookform/resolvers/zod';
import { KeyRoundIcon, TriangleAlertIcon } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { type ResetPasswordForm as ResetPasswordValues, ResetPasswordFormSchema } from '../../../../contracts/auth.ts';
import { PASSWORD_MIN_LENGTH } from '../../../../contracts/constants.ts';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { myPageHref, paths } from '../../../config/paths.ts';
import { toast } from '../../../lib/toast.ts';
import { updatePassword } from '../api/update-password.ts';
import { useVerifyRecovery } from '../api/verify-recovery.ts';
import { authErrorDescriptionKey, logUnexpectedAuthError } from '../lib/auth-errors.ts';
import { toAuthUser } from '../lib/auth-user.ts';

const EMPTY: z.input<typeof ResetPasswordFormSchema> = { password: '' };

function InvalidLink() {
  const { t } = useTranslation('auth');
  return (
    <div className="grid gap-5 text-center">
      <div role="alert" className="rounded-lg border border-destructive/40 bg-destructive/10 p-5">
        <TriangleAlertIcon className="mx-auto size-8 text-destructive" aria-hidden />
        <p className="mt-3 font-semibold">{t('resetPassword.invalid.title')}</p>
        <p className="mt-1 text-sm text-muted-foreground">{t('resetPassword.invalid.text')}</p>
      </div>
      <Button asChild variant="outline">
        <Link to={paths.forgotPassword}>{t('resetPassword.invalid.action')}</Link>
      </Button>
    </div>
  );
}

function NewPasswordForm() {
  const { t } = useTranslation(['auth', 'validation']);
  const navigate = useNavigate();
  const form = useForm<z.input<typeof ResetPasswordFormSchema>, unknown, ResetPasswordValues>({
    resolver: zodResolver(ResetPasswordFormSchema),
    defaultValues: EMPTY,
  });

  const onSubmit = async ({ password }: ResetPasswordValues) => {
    try {
      const user = await updatePassword(password);
      toast({
        title: t('auth:toasts.passwordChanged.title'),
        description: t('auth:toasts.passwordChanged.description'),
        variant: 'success',
      });
      await navigate(myPageHref(toAuthUser(user).role), { replace: true });
    } catch (error) {
      logUnexpectedAuthError('Changing the password failed', error);
      toast({
        title: t('auth:toasts.passwordChangeError.title'),
        description: t(authErrorDescriptionKey(error, 'auth:toasts.passwordChangeError.description')),
        variant: 'destructive',
      });
    }
  };

  const submitting = form.formState.isSubmitting;
  return (
    <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="grid gap-5">
      <FormTextField
        control={form.control}
        name="password"
        label={t('auth:fields.newPassword')}
        type="password"
        autoComplete="new-password"
        hint={t('auth:fields.passwordHint', { min: PASSWORD_MIN_LENGTH })}
        required
      />
      <Button type="submit" size="lg" disabled={submitting} className="w-full">
        <KeyRoundIcon aria-hidden />
        {submitting ? t('auth:resetPassword.submitting') : t('auth:resetPassword.submit')}
      </Button>
    </form>
  );
}

function VerifiedNewPasswordForm({ tokenHash }: { tokenHash: string }) {
  const { t } = useTranslation('auth');
  const verification = useVerifyRecovery(tokenHash);
  if (verification.isPending) return <Spinner label={t('resetPassword.verifying')} className="py-8" />;
  if (verification.isError) return <InvalidLink />;
  return <NewPasswordForm />;
}

/** `/reset-password?token_hash=…&type=recovery`, the emailed link: verify it, then set a new password. */
export function ResetPasswordForm() {
  const [searchParams] = useSearchParams();
  const tokenHash = searchParams.get('token_hash');
  if (!tokenHash || searchParams.get('type') !== 'recovery') return <InvalidLink />;
  return <VerifiedNewPasswordForm tokenHash={tokenHash} />;
}
