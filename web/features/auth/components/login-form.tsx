import { zodResolver } from '@hookform/resolvers/zod';
import { LogInIcon } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import type { z } from 'zod';
import { type LoginForm as LoginValues, LoginFormSchema } from '../../../../contracts/auth.ts';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { paths } from '../../../config/paths.ts';
import { toast } from '../../../lib/toast.ts';
import { authErrorDescriptionKey, logUnexpectedAuthError } from '../lib/auth-errors.ts';
import { pathAfterSignIn, requestedEmail, requestedPath } from '../lib/redirect.ts';
import { useAuth } from './auth-provider.tsx';

const EMPTY: z.input<typeof LoginFormSchema> = { email: '', password: '' };

class NotAnAdminError extends Error {}

/**
 * `/login` (customers and clinics; an admin signing in here goes to /admin too) and `/admin/login`
 * (admins only: anyone else gets the admin-login error and is signed out again). SPEC section 8.
 */
export function LoginForm({ variant = 'user' }: { variant?: 'user' | 'admin' }) {
  const { t } = useTranslation(['auth', 'validation']);
  const { login, signOut } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const form = useForm<z.input<typeof LoginFormSchema>, unknown, LoginValues>({
    resolver: zodResolver(LoginFormSchema),
    defaultValues: { ...EMPTY, email: requestedEmail(location.state) },
  });

  const onSubmit = async (values: LoginValues) => {
    try {
      const user = await login(values);
      if (variant === 'admin') {
        if (user.role !== 'admin') {
          await signOut();
          throw new NotAnAdminError();
        }
        toast({
          title: t('auth:toasts.adminSuccess.title'),
          description: t('auth:toasts.adminSuccess.description', { name: user.name }),
          variant: 'success',
        });
      } else {
        toast({
          title: t('auth:toasts.loginSuccess.title'),
          description: t('auth:toasts.loginSuccess.description'),
          variant: 'success',
        });
      }
      await navigate(pathAfterSignIn(user.role, requestedPath(location.state)), { replace: true });
    } catch (error) {
      if (!(error instanceof NotAnAdminError)) logUnexpectedAuthError('Sign-in failed', error);
      const fallback =
        variant === 'admin' ? 'auth:toasts.adminLoginError.description' : 'auth:toasts.loginError.description';
      // A right password for an account without the role is told so, not to check its details (issue 28 point 8).
      const description =
        error instanceof NotAnAdminError
          ? 'auth:toasts.notAnAdmin.description'
          : authErrorDescriptionKey(error, fallback);
      toast({ title: t('auth:toasts.loginError.title'), description: t(description), variant: 'destructive' });
    }
  };

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
      <FormTextField
        control={form.control}
        name="password"
        label={t('auth:fields.password')}
        type="password"
        autoComplete="current-password"
        labelAside={
          <Link
            to={paths.forgotPassword}
            className="text-sm font-medium text-primary underline-offset-4 hover:underline"
          >
            {t('auth:login.forgotPassword')}
          </Link>
        }
        required
      />
      <Button type="submit" size="lg" disabled={submitting} className="w-full">
        <LogInIcon aria-hidden />
        {submitting ? t('auth:login.submitting') : t('auth:login.submit')}
      </Button>
    </form>
  );
}
