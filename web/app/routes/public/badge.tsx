import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { clinicsSearchHref } from '../../../config/paths.ts';
import { useBadge } from '../../../features/badge/api/get-badge.ts';
import { CertificateBadge } from '../../../features/badge/components/certificate-badge.tsx';
import { ApiRequestError } from '../../../lib/api-client.ts';

/**
 * /badge?id={clinic id}: the badge other sites embed in a 320×320 frame. No site header or footer,
 * and a transparent page, so only the badge shows on the embedding site.
 */
export function Component() {
  const { t } = useTranslation('badge');
  const [params] = useSearchParams();
  const clinicId = params.get('id')?.trim() || null;
  const badge = useBadge(clinicId);

  useEffect(() => {
    document.documentElement.dataset.embedded = 'true';
    return () => {
      delete document.documentElement.dataset.embedded;
    };
  }, []);

  let content;
  if (!clinicId) content = <p>{t('noId')}</p>;
  else if (badge.isPending) content = <Skeleton className="size-[300px] rounded-full" />;
  else if (badge.data) {
    content = (
      // The badge leads to the register, where anyone can see that the clinic is listed.
      <a href={clinicsSearchHref(badge.data.fullName)} target="_blank" rel="noopener" aria-label={t('open', { name: badge.data.fullName })}>
        <CertificateBadge fullName={badge.data.fullName} year={badge.data.year} />
      </a>
    );
  } else {
    const notCertified = badge.error instanceof ApiRequestError && badge.error.code === 'not_certified';
    content = <p>{notCertified ? t('notCertified') : t('notFound')}</p>;
  }

  return (
    <main className="grid min-h-[300px] place-items-center text-center text-sm">
      <h1 className="sr-only">{t('title')}</h1>
      {content}
    </main>
  );
}
