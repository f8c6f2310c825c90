import { KeyRoundIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { AuthPage } from '../../../components/layouts/auth-page.tsx';
import { ResetPasswordForm } from '../../../features/auth/components/reset-password-form.tsx';

export function Component() {
  const { t } = useTranslation('auth');
  return (
    <AuthPage icon={KeyRoundIcon} title={t('resetPassword.title')} description={t('resetPassword.intro')}>
      <ResetPasswordForm />
    </AuthPage>
  );
}
