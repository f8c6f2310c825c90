import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header.tsx';
import { ClinicRegister } from '../../../features/clinic-register/components/clinic-register.tsx';
import { useClinicCardActions } from './clinic-card-actions.tsx';

export function Component() {
  const { t } = useTranslation('clinics');
  const cardActions = useClinicCardActions();
  return (
    <>
      <PageHeader title={t('register.title')} intro={t('register.intro')} />
      {/* At least a screen tall: while the register loads, the footer stays below the fold instead of being pushed down in view. */}
      <div className="mx-auto min-h-screen max-w-7xl px-4 py-10 sm:px-6">
        <ClinicRegister cardAction={cardActions} />
      </div>
    </>
  );
}
