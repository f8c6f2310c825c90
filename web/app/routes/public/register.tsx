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
        <>
          {/* Told where the data is collected (issue 26); the basis is the account's contract, not consent. */}
          <p>
            {t('register.privacyNotice')}{' '}
            <Link to={paths.privacy} className="font-medium text-primary underline-offset-4 hover:underline">
              {t('register.privacyLink')}
            </Link>
            .
          </p>
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
        </>
      }
    >
      <RegisterForm />
    </AuthPage>
  );
}
