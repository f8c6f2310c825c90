import { KeyRoundIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AuthPage } from '../../../components/layouts/auth-page.tsx';
import { paths } from '../../../config/paths.ts';
import { ForgotPasswordForm } from '../../../features/auth/components/forgot-password-form.tsx';

export function Component() {
  const { t } = useTranslation('auth');
  return (
    <AuthPage
      icon={KeyRoundIcon}
      title={t('forgotPassword.title')}
      description={t('forgotPassword.intro')}
      footer={
        <p>
          <Link to={paths.login} className="font-medium text-primary underline-offset-4 hover:underline">
            {t('forgotPassword.backToLogin')}
          </Link>
        </p>
      }
    >
      <ForgotPasswordForm />
    </AuthPage>
  );
}
