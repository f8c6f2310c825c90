import { zodResolver } from '@hookform/resolvers/zod';
import { MailIcon, SaveIcon } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { EmailSchema, NewPasswordSchema } from '../../../../contracts/auth.ts';
import { NAME_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../../../contracts/constants.ts';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { SERVER_ERROR_TYPE } from '../../../lib/form-errors.ts';
import { toast } from '../../../lib/toast.ts';
import { type AccountChanges, updateAccount } from '../api/update-account.ts';

// Only the browser checks this form; the server checks the same through PUT /auth/v1/user.
const SettingsFormSchema = z.object({
  fullName: z.string().trim().min(1, 'validation:nameRequired').max(NAME_MAX_LENGTH, 'validation:nameTooLong'),
  email: EmailSchema,
  // Empty keeps the password as it is.
  newPassword: z
    .string()
    .refine(
      (password) => password === '' || NewPasswordSchema.safeParse(password).success,
      'validation:passwordTooShort',
    ),
  currentPassword: z.string(),
});
type SettingsValues = z.infer<typeof SettingsFormSchema>;
type SettingsField = keyof SettingsValues;

/** The account as the settings start from: the signed-in user's name and sign-in address, and a new address waiting for its link. */
export interface AccountDetails {
  fullName: string;
  email: string;
  pendingEmail?: string | undefined;
}

/** The parts of auth-js's AuthError looked at, read without importing auth-js itself. */
interface AuthErrorLike {
  status?: number;
  code?: string;
  name?: string;
  message?: string;
}

/** GoTrue's refusals the person can act on: the field to fix and what to tell about it. */
const AUTH_REFUSALS: Record<string, { field: SettingsField; key: string }> = {
  email_exists: { field: 'email', key: 'settings.errors.emailTaken' },
  email_address_invalid: { field: 'email', key: 'settings.errors.emailInvalid' },
  reauthentication_needed: { field: 'currentPassword', key: 'settings.errors.currentPasswordRequired' },
  reauthentication_not_valid: { field: 'currentPassword', key: 'settings.errors.currentPasswordWrong' },
  weak_password: { field: 'newPassword', key: 'settings.errors.weakPassword' },
  same_password: { field: 'newPassword', key: 'settings.errors.samePassword' },
};

const EMPTY_PASSWORDS = { newPassword: '', currentPassword: '' };

/**
 * SPEC section 2 "Customer area", settings, saved for real: the name, the sign-in address and a new
 * password, in one request. A new address or password needs the current password; a new password
 * signs the account's other sessions out. A new address changes only when the link mailed to it is
 * followed (issue 27): until then the form keeps the current one and says where the link went.
 * `onSaved` lets the app refresh what shows the name.
 */
export function CustomerSettingsForm({ account, onSaved }: { account: AccountDetails; onSaved: () => void }) {
  const { t } = useTranslation(['customerArea', 'validation', 'common']);
  const { pendingEmail: initialPendingEmail, ...details } = account;
  const form = useForm<SettingsValues>({
    resolver: zodResolver(SettingsFormSchema),
    defaultValues: { ...details, ...EMPTY_PASSWORDS },
  });
  const [pendingEmail, setPendingEmail] = useState(initialPendingEmail);

  /** What differs from what was last saved (the form's default values), as PUT /auth/v1/user takes it. */
  const changesOf = ({ fullName, email, newPassword, currentPassword }: SettingsValues): AccountChanges => {
    const saved = form.formState.defaultValues;
    const changes: AccountChanges = {};
    if (fullName !== saved?.fullName?.trim()) changes.fullName = fullName;
    // The server keeps addresses in lower case: another case alone is no new address.
    if (email.toLowerCase() !== saved?.email?.toLowerCase()) changes.email = email;
    if (newPassword) changes.password = newPassword;
    if (changes.email !== undefined || changes.password !== undefined) changes.currentPassword = currentPassword;
    return changes;
  };

  const refuse = (field: SettingsField, message: string) => {
    form.setError(field, { type: SERVER_ERROR_TYPE, message }, { shouldFocus: true });
    toast({ title: t('settings.toasts.saveError'), description: message, variant: 'destructive' });
  };

  const submit = async (values: SettingsValues) => {
    const changes = changesOf(values);
    if (changes.currentPassword === '') {
      refuse('currentPassword', t('settings.errors.currentPasswordRequired'));
      return;
    }
    try {
      const user = Object.keys(changes).length > 0 ? await updateAccount(changes) : null;
      const savedName: unknown = user?.user_metadata?.full_name;
      form.reset({
        fullName: typeof savedName === 'string' ? savedName : values.fullName,
        email: user?.email ?? values.email,
        ...EMPTY_PASSWORDS,
      });
      const linkSentTo = changes.email === undefined ? undefined : user?.new_email;
      if (linkSentTo) setPendingEmail(linkSentTo);
      toast({
        title: t('settings.toasts.saved'),
        description: linkSentTo
          ? t('settings.toasts.confirmEmailSent', { email: linkSentTo })
          : changes.password === undefined
            ? undefined
            : t('settings.toasts.otherSessionsSignedOut'),
        variant: 'success',
      });
      if (user) onSaved();
    } catch (error) {
      const { status, code, name, message } = (
        typeof error === 'object' && error !== null ? error : {}
      ) as AuthErrorLike;
      const refusal = code === undefined ? undefined : AUTH_REFUSALS[code];
      if (refusal) {
        refuse(refusal.field, t(refusal.key, { min: PASSWORD_MIN_LENGTH }));
        return;
      }
      // A refusal other than those above is the person's business; anything else is worth a developer's look.
      if (status === undefined || status >= 500) console.error('Saving the customer settings failed', error);
      const description =
        status === 429
          ? t('settings.errors.rateLimited')
          : name === 'AuthRetryableFetchError'
            ? t('common:errors.network')
            : (message ?? t('common:errors.unexpected'));
      toast({ title: t('settings.toasts.saveError'), description, variant: 'destructive' });
    }
  };

  const submitting = form.formState.isSubmitting;
  return (
    <form noValidate onSubmit={form.handleSubmit(submit)} className="grid gap-6">
      <Card>
        <CardHeader>
          <CardTitle as="h2">{t('settings.profile.title')}</CardTitle>
          <CardDescription>{t('settings.profile.description')}</CardDescription>
        </CardHeader>
        <CardContent>
          <FormTextField
            control={form.control}
            name="fullName"
            label={t('settings.profile.fullName')}
            autoComplete="name"
            required
            className="max-w-md"
          />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle as="h2">{t('settings.account.title')}</CardTitle>
          <CardDescription>{t('settings.account.description')}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-5">
          <FormTextField
            control={form.control}
            name="email"
            label={t('settings.account.email')}
            type="email"
            autoComplete="email"
            required
            className="max-w-md"
          />
          {pendingEmail ? (
            <p
              role="status"
              className="flex max-w-md items-start gap-2 rounded-md border border-primary/30 bg-secondary/60 p-3 text-sm"
            >
              <MailIcon className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
              {t('settings.account.pendingEmail', { email: pendingEmail })}
            </p>
          ) : null}
          <div className="grid gap-5 sm:grid-cols-2">
            <FormTextField
              control={form.control}
              name="newPassword"
              label={t('settings.account.newPassword')}
              type="password"
              autoComplete="new-password"
              hint={t('settings.account.newPasswordHint', { min: PASSWORD_MIN_LENGTH })}
            />
            <FormTextField
              control={form.control}
              name="currentPassword"
              label={t('settings.account.currentPassword')}
              type="password"
              autoComplete="current-password"
              hint={t('settings.account.currentPasswordHint')}
            />
          </div>
        </CardContent>
      </Card>
      <Button type="submit" disabled={submitting} className="w-fit">
        <SaveIcon aria-hidden />
        {submitting ? t('settings.saving') : t('settings.save')}
      </Button>
    </form>
  );
}
