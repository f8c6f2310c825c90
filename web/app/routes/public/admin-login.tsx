import { ShieldIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AuthPage } from '../../../components/layouts/auth-page.tsx';
import { paths } from '../../../config/paths.ts';
import { LoginForm } from '../../../features/auth/components/login-form.tsx';

export function Component() {
  const { t } = useTranslation('auth');
  return (
    <AuthPage
      icon={ShieldIcon}
      title={t('adminLogin.title')}
      description={t('adminLogin.intro')}
      footer={
        <p>
          {t('adminLogin.notAdmin')}{' '}
          <Link to={paths.login} className="font-medium text-primary underline-offset-4 hover:underline">
            {t('adminLogin.toLogin')}
          </Link>
        </p>
      }
    >
      <LoginForm variant="admin" />
    </AuthPage>
  );
}
