import { useTranslation } from 'react-i18next';
import { FEATURED_CLINIC_COUNT } from '../../../../contracts/constants.ts';
import { useClinics } from '../api/get-clinics.ts';
import { type ClinicCardAction, ClinicGrid } from './clinic-grid.tsx';

/** Up to three certified clinics for the landing page, from the same endpoint as the register; `cardAction` as there. */
export function FeaturedClinics({ cardAction }: { cardAction?: ClinicCardAction }) {
  const { t } = useTranslation('clinics');
  const clinics = useClinics({ search: '', limit: FEATURED_CLINIC_COUNT });
  const items = clinics.data?.pages[0]?.items ?? [];
  if (clinics.isPending) return <p className="text-muted-foreground">{t('register.loading')}</p>;
  if (items.length === 0) return null;
  return <ClinicGrid pages={[items]} label={t('featured.listLabel')} cardAction={cardAction} />;
}
