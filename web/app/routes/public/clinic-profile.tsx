import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { LoadError } from '../../../components/load-error.tsx';
import { isUnknownClinic, useClinicProfile } from '../../../features/clinic-profile/api/get-clinic-profile.ts';
import { ClinicProfile, ClinicProfileSkeleton } from '../../../features/clinic-profile/components/clinic-profile.tsx';
import { useSiteTitle } from '../../../features/site/api/get-site-settings.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { Component as NotFound } from './not-found.tsx';

/** /kliniker/:slug: a register clinic's public page; an address that names none is the site's not-found page. */
export function Component() {
  const { t } = useTranslation('clinicProfile');
  const { slug = '' } = useParams();
  const site = useSiteTitle();
  const clinic = useClinicProfile(slug);
  const unknown = clinic.isError && isUnknownClinic(clinic.error);

  // The tab's title as the server's head has it (server/services/page-heads.ts), in the visitor's language.
  let title: string | null = null;
  if (clinic.data) {
    const { fullName: name, city } = clinic.data;
    title = city ? t('documentTitle.withCity', { name, city, site }) : t('documentTitle.withoutCity', { name, site });
  } else if (unknown) {
    title = t('documentTitle.notFound', { site });
  }
  useDocumentTitle(title);

  if (clinic.data) return <ClinicProfile clinic={clinic.data} />;
  if (unknown) return <NotFound />;
  if (clinic.isError) {
    return (
      <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
        <LoadError message={t('loadError')} onRetry={() => void clinic.refetch()} retrying={clinic.isFetching} />
      </div>
    );
  }
  return <ClinicProfileSkeleton />;
}
