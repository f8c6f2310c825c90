import { useTranslation } from 'react-i18next';
import { FEATURED_CLINIC_COUNT } from '../../../../contracts/constants.ts';
import { useClinics } from '../api/get-clinics.ts';
import { ClinicCard } from './clinic-card.tsx';
import { ClinicGrid } from './clinic-grid.tsx';

/** Up to three certified clinics for the landing page, from the same endpoint as the register. */
export function FeaturedClinics() {
  const { t } = useTranslation('clinics');
  const clinics = useClinics({ search: '', limit: FEATURED_CLINIC_COUNT });
  const items = clinics.data?.pages[0]?.items ?? [];
  if (clinics.isPending) return <p className="text-muted-foreground">{t('register.loading')}</p>;
  if (items.length === 0) return null;
  return (
    <ClinicGrid label={t('featured.listLabel')}>
      {items.map((clinic) => (
        <li key={clinic.id}>
          <ClinicCard clinic={clinic} />
        </li>
      ))}
    </ClinicGrid>
  );
}
