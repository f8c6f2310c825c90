import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/page-header.tsx';
import { ClinicMapToggle } from '../../../features/clinic-map/components/clinic-map-toggle.tsx';
import { ClinicRegister } from '../../../features/clinic-register/components/clinic-register.tsx';
import { useSiteSettings } from '../../../features/site/api/get-site-settings.ts';
import { paths } from '../../../config/paths.ts';
import { useClinicCardActions } from './clinic-card-actions.tsx';

export function Component() {
  const { t } = useTranslation('clinics');
  const cardActions = useClinicCardActions();
  // Only an installation with MAP_STYLE_URL offers a map (issue 24): none asks another origin by default.
  const mapStyleUrl = useSiteSettings().data?.mapStyleUrl;
  return (
    <>
      <PageHeader title={t('register.title')} intro={t('register.intro')} />
      {/* At least a screen tall: while the register loads, the footer stays below the fold instead of being pushed down in view. */}
      <div className="mx-auto min-h-screen max-w-7xl px-4 py-10 sm:px-6">
        <ClinicRegister
          cardAction={cardActions}
          mapView={
            mapStyleUrl
              ? (clinics) => <ClinicMapToggle styleUrl={mapStyleUrl} clinics={clinics} shows="list" />
              : undefined
          }
        />
        {/* What decides the order (the marketing act, issue 24 point 5): said on the review guidelines' page. */}
        <p className="mt-10 text-sm">
          <Link
            to={`${paths.reviewGuidelines}#guidelines-ranking-heading`}
            className="font-medium text-primary underline-offset-4 hover:underline"
          >
            {t('register.orderLink')}
          </Link>
        </p>
      </div>
    </>
  );
}
