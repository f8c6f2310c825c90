import { zodResolver } from '@hookform/resolvers/zod';
import { StethoscopeIcon, UserIcon, UserPlusIcon } from 'lucide-react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { type RegisterForm as RegisterValues, RegisterFormSchema } from '../../../../contracts/auth.ts';
import { PASSWORD_MIN_LENGTH, SELF_CHOSEN_ROLES } from '../../../../contracts/constants.ts';
import { REGISTER_ROLE_PARAM } from '../../../config/page-params.ts';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { toast } from '../../../lib/toast.ts';
import { authErrorDescriptionKey, logUnexpectedAuthError } from '../lib/auth-errors.ts';
import { pathAfterSignIn, requestedEmail, requestedPath } from '../lib/redirect.ts';
import { useAuth } from './auth-provider.tsx';

const EMPTY: z.input<typeof RegisterFormSchema> = { role: 'customer', fullName: '', email: '', password: '' };
const ROLE_ICONS = { customer: UserIcon, clinic: StethoscopeIcon } as const;

/** The account type the address asks for (`?role=clinic`, from "Starta ansökan"), customer otherwise. */
function requestedRole(params: URLSearchParams): RegisterValues['role'] {
  const asked = params.get(REGISTER_ROLE_PARAM);
  return SELF_CHOSEN_ROLES.find((role) => role === asked) ?? EMPTY.role;
}

/**
 * `/register`: customer or clinic (the name is the clinic's name for clinics), then the same
 * role-based redirect as signing in. The server makes ADMIN_EMAIL an admin whatever was chosen.
 * `?role=clinic` chooses Klinik first; the server's first screen of that address shows it chosen too.
 */
export function RegisterForm() {
  const { t } = useTranslation(['auth', 'validation']);
  const { register } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const form = useForm<z.input<typeof RegisterFormSchema>, unknown, RegisterValues>({
    resolver: zodResolver(RegisterFormSchema),
    defaultValues: { ...EMPTY, role: requestedRole(params), email: requestedEmail(location.state) },
  });
  const role = useWatch({ control: form.control, name: 'role' });

  const onSubmit = async (values: RegisterValues) => {
    try {
      const user = await register(values);
      toast({
        title: t('auth:toasts.registerSuccess.title'),
        description: t('auth:toasts.registerSuccess.description'),
        variant: 'success',
      });
      await navigate(pathAfterSignIn(user.role, requestedPath(location.state)), { replace: true });
    } catch (error) {
      logUnexpectedAuthError('Registration failed', error);
      toast({
        title: t('auth:toasts.registerError.title'),
        description: t(authErrorDescriptionKey(error, 'auth:toasts.registerError.description')),
        variant: 'destructive',
      });
    }
  };

  const submitting = form.formState.isSubmitting;
  return (
    <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="grid gap-5">
      <Controller
        name="role"
        control={form.control}
        render={({ field }) => (
          <fieldset>
            <legend className="text-sm leading-none font-medium">{t('auth:register.accountType')}</legend>
            <div className="mt-2 grid grid-cols-2 gap-1 rounded-lg bg-muted p-1">
              {SELF_CHOSEN_ROLES.map((option) => {
                const Icon = ROLE_ICONS[option];
                return (
                  <label
                    key={option}
                    className="relative flex cursor-pointer items-center justify-center gap-2 rounded-md px-3 py-2 text-sm font-medium text-muted-foreground transition-colors hover:text-foreground has-checked:bg-card has-checked:text-foreground has-checked:shadow-sm has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-ring"
                  >
                    {/* The native radio covers its label, invisible: it keeps the keyboard and screen reader behaviour. */}
                    <input
                      type="radio"
                      name={field.name}
                      value={option}
                      checked={field.value === option}
                      onChange={() => field.onChange(option)}
                      onBlur={field.onBlur}
                      className="absolute inset-0 cursor-pointer appearance-none rounded-md opacity-0 focus-visible:outline-none"
                    />
                    <Icon className="size-4" aria-hidden />
                    {t(`auth:register.roles.${option}`)}
                  </label>
                );
              })}
            </div>
          </fieldset>
        )}
      />
      <FormTextField
        control={form.control}
        name="fullName"
        label={role === 'clinic' ? t('auth:fields.clinicName') : t('auth:fields.fullName')}
        type="text"
        autoComplete={role === 'clinic' ? 'organization' : 'name'}
        required
      />
      <FormTextField
        control={form.control}
        name="email"
        label={t('auth:fields.email')}
        type="email"
        autoComplete="email"
        required
      />
      <FormTextField
        control={form.control}
        name="password"
        label={t('auth:fields.password')}
        type="password"
        autoComplete="new-password"
        hint={t('auth:fields.passwordHint', { min: PASSWORD_MIN_LENGTH })}
        required
      />
      <Button type="submit" size="lg" disabled={submitting} className="w-full">
        <UserPlusIcon aria-hidden />
        {submitting ? t('auth:register.submitting') : t('auth:register.submit')}
      </Button>
    </form>
  );
}
