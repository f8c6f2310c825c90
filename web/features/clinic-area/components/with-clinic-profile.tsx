import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ClinicOwnProfile } from '../../../../contracts/clinic-area.ts';
import { LoadError } from '../../../components/load-error.tsx';
import { useClinicProfile } from '../api/get-clinic-profile.ts';

/**
 * Shows `children` with the clinic's own profile once it has loaded: `skeleton` while it loads, a
 * retry after a failure (the query itself shows the 'Kunde inte hämta profil' toast, once).
 */
export function WithClinicProfile({
  skeleton,
  children,
}: {
  skeleton: ReactNode;
  children: (profile: ClinicOwnProfile) => ReactNode;
}) {
  const { t } = useTranslation(['clinicArea', 'common']);
  const profile = useClinicProfile();
  // A failed refetch keeps the profile it had: keep showing it.
  if (profile.data) return children(profile.data);
  if (profile.isError)
    return (
      <LoadError
        message={t('clinicArea:loadError')}
        onRetry={() => void profile.refetch()}
        retrying={profile.isFetching}
      />
    );
  return (
    <div aria-busy="true">
      <p role="status" className="sr-only">
        {t('common:status.loading')}
      </p>
      {skeleton}
    </div>
  );
}
