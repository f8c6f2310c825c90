import { MailCheckIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { AuthPage } from '../../../components/layouts/auth-page.tsx';
import { ConfirmEmail } from '../../../features/auth/components/confirm-email.tsx';

export function Component() {
  const { t } = useTranslation('auth');
  return (
    <AuthPage icon={MailCheckIcon} title={t('confirmEmail.title')} description={t('confirmEmail.intro')}>
      <ConfirmEmail />
    </AuthPage>
  );
}
