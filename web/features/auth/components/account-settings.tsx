import { zodResolver } from '@hookform/resolvers/zod';
import { KeyRoundIcon } from 'lucide-react';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { NewPasswordSchema } from '../../../../contracts/auth.ts';
import { PASSWORD_MIN_LENGTH } from '../../../../contracts/constants.ts';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Field, FieldDescription, FieldLabel } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { toast } from '../../../lib/toast.ts';
import { updatePassword } from '../api/update-password.ts';
import { authErrorDescriptionKey, logUnexpectedAuthError } from '../lib/auth-errors.ts';
import { useAuth } from './auth-provider.tsx';

// Only the browser checks this form; the server checks the same through PUT /auth/v1/user.
const ChangePasswordFormSchema = z.object({
  currentPassword: z.string().min(1, 'validation:passwordRequired'),
  password: NewPasswordSchema,
});
type ChangePasswordValues = z.infer<typeof ChangePasswordFormSchema>;

const EMPTY: ChangePasswordValues = { currentPassword: '', password: '' };

/**
 * The account part of a dashboard's settings: the sign-in email (read-only) and a new password,
 * which needs the current one and signs out the account's other sessions.
 */
export function AccountSettings() {
  const { t } = useTranslation(['auth', 'validation']);
  const { user } = useAuth();
  const emailId = useId();
  const form = useForm<ChangePasswordValues>({ resolver: zodResolver(ChangePasswordFormSchema), defaultValues: EMPTY });

  const onSubmit = async ({ currentPassword, password }: ChangePasswordValues) => {
    try {
      await updatePassword(password, currentPassword);
      form.reset(EMPTY);
      toast({
        title: t('auth:toasts.passwordChanged.title'),
        description: t('auth:account.passwordChanged'),
        variant: 'success',
      });
    } catch (error) {
      logUnexpectedAuthError('Changing the password failed', error);
      toast({
        title: t('auth:toasts.passwordChangeError.title'),
        description: t(authErrorDescriptionKey(error, 'auth:account.passwordChangeError')),
        variant: 'destructive',
      });
    }
  };

  const submitting = form.formState.isSubmitting;
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{t('auth:account.title')}</CardTitle>
        <CardDescription>{t('auth:account.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <Field>
          <FieldLabel htmlFor={emailId}>{t('auth:account.email')}</FieldLabel>
          <Input
            id={emailId}
            type="email"
            value={user?.email ?? ''}
            readOnly
            aria-describedby={`${emailId}-hint`}
            className="bg-muted"
          />
          <FieldDescription id={`${emailId}-hint`}>{t('auth:account.emailHint')}</FieldDescription>
        </Field>
        <form
          noValidate
          onSubmit={form.handleSubmit(onSubmit)}
          aria-labelledby={`${emailId}-password`}
          className="grid gap-5 border-t pt-6"
        >
          <h3 id={`${emailId}-password`} className="font-semibold">
            {t('auth:account.changePassword')}
          </h3>
          <div className="grid gap-5 sm:grid-cols-2">
            <FormTextField
              control={form.control}
              name="currentPassword"
              label={t('auth:fields.currentPassword')}
              type="password"
              autoComplete="current-password"
              required
            />
            <FormTextField
              control={form.control}
              name="password"
              label={t('auth:fields.newPassword')}
              type="password"
              autoComplete="new-password"
              hint={t('auth:fields.passwordHint', { min: PASSWORD_MIN_LENGTH })}
              required
            />
          </div>
          <Button type="submit" variant="outline" disabled={submitting} className="w-fit">
            <KeyRoundIcon aria-hidden />
            {submitting ? t('auth:account.changingPassword') : t('auth:account.changePassword')}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
