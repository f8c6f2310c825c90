import { useTranslation } from 'react-i18next';
import { useFeaturedClinics } from '../api/get-featured-clinics.ts';
import { type ClinicCardAction, ClinicGrid } from './clinic-grid.tsx';

/** Up to three certified clinics for the landing page, from the same endpoint as the register; `cardAction` as there. */
export function FeaturedClinics({ cardAction }: { cardAction?: ClinicCardAction }) {
  const { t } = useTranslation('clinics');
  const clinics = useFeaturedClinics();
  const items = clinics.data?.items ?? [];
  if (clinics.isPending) return <p className="text-muted-foreground">{t('register.loading')}</p>;
  if (items.length === 0) return null;
  return <ClinicGrid pages={[items]} label={t('featured.listLabel')} cardAction={cardAction} />;
}
