import { UserPlusIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { AuthPage } from '../../../components/layouts/auth-page.tsx';
import { paths } from '../../../config/paths.ts';
import { RegisterForm } from '../../../features/auth/components/register-form.tsx';

export function Component() {
  const { t } = useTranslation('auth');
  const location = useLocation();
  return (
    <AuthPage
      icon={UserPlusIcon}
      title={t('register.title')}
      description={t('register.intro')}
      footer={
        <p>
          {t('register.haveAccount')}{' '}
          <Link
            to={paths.login}
            state={location.state}
            className="font-medium text-primary underline-offset-4 hover:underline"
          >
            {t('register.toLogin')}
          </Link>
        </p>
      }
    >
      <RegisterForm />
    </AuthPage>
  );
}
