import { LogInIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { AuthPage } from '../../../components/layouts/auth-page.tsx';
import { paths } from '../../../config/paths.ts';
import { LoginForm } from '../../../features/auth/components/login-form.tsx';

export function Component() {
  const { t } = useTranslation('auth');
  const location = useLocation();
  return (
    <AuthPage
      icon={LogInIcon}
      title={t('login.title')}
      description={t('login.intro')}
      footer={
        <>
          <p>
            {t('login.noAccount')} {/* The asked-for page travels along: registering leads back to it too. */}
            <Link
              to={paths.register}
              state={location.state}
              className="font-medium text-primary underline-offset-4 hover:underline"
            >
              {t('login.toRegister')}
            </Link>
          </p>
          <p>
            {t('login.isAdmin')}{' '}
            <Link to={paths.adminLogin} className="font-medium text-primary underline-offset-4 hover:underline">
              {t('login.toAdminLogin')}
            </Link>
          </p>
        </>
      }
    >
      <LoginForm />
    </AuthPage>
  );
}
