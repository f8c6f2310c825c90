import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageHeader } from '../../../components/page-header.tsx';
import {
  isUnknownCertificate,
  useCertificate,
} from '../../../features/certificate-verification/api/get-certificate.ts';
import { CertificateSearch } from '../../../features/certificate-verification/components/certificate-search.tsx';
import { CertificateVerification } from '../../../features/certificate-verification/components/certificate-verification.tsx';
import { useSiteTitle } from '../../../features/site/api/get-site-settings.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';

/** The tab's title as the server's head has it (server/services/page-heads.ts), in the visitor's language. */
function useVerificationTitle(number: string | undefined): string | null {
  const { t } = useTranslation('verification');
  const site = useSiteTitle();
  const certificate = useCertificate(number);
  if (!number) return t('documentTitle.search', { site });
  if (certificate.data) {
    const { number: canonical, status } = certificate.data;
    return t('documentTitle.certificate', { number: canonical, status: t(`statusInTitle.${status}`), site });
  }
  return certificate.isError && isUnknownCertificate(certificate.error) ? t('documentTitle.unknown', { site }) : null;
}

/** /verifiera and /verifiera/:number (issue 9): anyone checks a certificate, no sign-in needed. */
export function Component() {
  const { t } = useTranslation('verification');
  const { number } = useParams();
  const title = useVerificationTitle(number);

  useDocumentTitle(title);

  return (
    <>
      <PageHeader title={t('title')} intro={t('intro')} />
      <div className="mx-auto grid max-w-4xl gap-12 px-4 py-10 sm:px-6">
        {number ? <CertificateVerification number={number} /> : null}
        {/* Opening a hit starts the next search afresh, as the address (without ?search=) says. */}
        <CertificateSearch key={number ?? ''} />
      </div>
    </>
  );
}
