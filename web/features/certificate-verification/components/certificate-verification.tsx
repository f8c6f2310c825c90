import { CheckIcon, SearchIcon, SearchXIcon, XIcon } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SCOPES_SINCE } from '../../../../contracts/certificate-scope.ts';
import type { CertificateVerification as Certificate } from '../../../../contracts/certificates.ts';
import { CRITERIA_IDS } from '../../../../contracts/constants.ts';
import { LoadError } from '../../../components/load-error.tsx';
import { TreatmentList } from '../../../components/treatment-list.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { clinicsSearchHref } from '../../../config/paths.ts';
import { formatDate, formatDay } from '../../../lib/format.ts';
import { isUnknownCertificate, useCertificate } from '../api/get-certificate.ts';
import { CertificateHistory } from './certificate-history.tsx';
import { CertificateStatusNotice } from './certificate-status.tsx';
import { CheckedFacts } from './checked-facts.tsx';

/**
 * One certificate as anyone may check it (issues 9 and 22): the clinic, the status, the validity, the
 * treatments it covers, each fact checked and when, and the history of the clinic's certificates.
 */
export function CertificateVerification({ number }: { number: string }) {
  const { t } = useTranslation('verification');
  const certificate = useCertificate(number);

  if (certificate.data) {
    return (
      <div className="grid gap-8">
        <CertificateDetails certificate={certificate.data} />
        <CertificateHistory number={certificate.data.number} />
      </div>
    );
  }
  if (certificate.isError) {
    return isUnknownCertificate(certificate.error) ? (
      <div role="status" className="flex items-start gap-3 rounded-lg border border-dashed bg-card p-6">
        <SearchXIcon className="mt-0.5 size-6 shrink-0 text-muted-foreground" aria-hidden />
        <div>
          <p className="text-lg font-semibold">{t('certificate.unknown', { number })}</p>
          <p className="mt-1 text-muted-foreground">{t('certificate.unknownHint')}</p>
        </div>
      </div>
    ) : (
      <LoadError
        message={t('certificate.loadError')}
        onRetry={() => void certificate.refetch()}
        retrying={certificate.isFetching}
      />
    );
  }
  return <CertificateSkeleton />;
}

function CertificateDetails({ certificate }: { certificate: Certificate }) {
  const { t } = useTranslation('verification');
  const headingId = useId();
  const withdrawnOn = certificate.withdrawnAt ? formatDate(certificate.withdrawnAt) : null;
  const suspendedOn = certificate.suspendedAt ? formatDate(certificate.suspendedAt) : null;
  const { fullName, city, orgNumber } = certificate.clinic;
  return (
    <Card role="region" aria-labelledby={headingId}>
      <CardHeader>
        <CardDescription>{t('certificate.kicker')}</CardDescription>
        <CardTitle as="h2" id={headingId} className="text-2xl">
          {t('certificate.heading', { number: certificate.number })}
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-6">
        <CertificateStatusNotice
          status={certificate.status}
          date={certificate.status === 'suspended' ? suspendedOn : withdrawnOn}
          reason={certificate.suspensionReason ?? certificate.withdrawnReason}
        />
        <dl className="grid gap-x-6 gap-y-4 sm:grid-cols-2">
          <Detail label={t('certificate.clinic')}>
            {/*
              The register lists only clinics certified now and shown by their choice: a link there for any
              other would find nothing. A certified clinic that chose not to be shown says so (issue 28).
            */}
            {certificate.listed ? (
              <Link
                to={clinicsSearchHref(fullName)}
                className="inline-flex items-center gap-1 font-medium text-primary underline-offset-4 hover:underline"
              >
                {fullName}
                <SearchIcon className="size-3.5" aria-hidden />
                <span className="sr-only">{t('certificate.inRegister')}</span>
              </Link>
            ) : (
              fullName
            )}
            {certificate.status === 'active' && !certificate.listed ? (
              <p className="mt-1 text-sm font-normal text-muted-foreground">{t('certificate.notInRegister')}</p>
            ) : null}
          </Detail>
          <Detail label={t('certificate.city')}>{city ?? t('certificate.unknownCity')}</Detail>
          {/* Two clinics may share a name in different cities; the organisation number tells them apart (issue 27). */}
          <Detail label={t('certificate.orgNumber')}>
            {orgNumber ? <span className="font-mono">{orgNumber}</span> : t('certificate.unknownOrgNumber')}
          </Detail>
          <Detail label={t('certificate.number')}>
            <span className="font-mono">{certificate.number}</span>
          </Detail>
          <Detail label={t('certificate.issuer')}>{t('certificate.issuerName')}</Detail>
          <Detail label={t('certificate.validFrom')}>
            <time dateTime={certificate.validFrom}>{formatDay(certificate.validFrom)}</time>
          </Detail>
          <Detail label={t('certificate.validTo')}>
            <time dateTime={certificate.validTo}>{formatDay(certificate.validTo)}</time>
          </Detail>
          {certificate.withdrawnAt && withdrawnOn ? (
            <Detail label={t('certificate.withdrawnAt')}>
              <time dateTime={certificate.withdrawnAt}>{withdrawnOn}</time>
            </Detail>
          ) : null}
        </dl>
        <Section id={`${headingId}-scope`} title={t('certificate.scope')} intro={t('certificate.scopeIntro')}>
          {certificate.treatments.length > 0 ? (
            <TreatmentList treatments={certificate.treatments} described aria-labelledby={`${headingId}-scope`} />
          ) : (
            <p className="text-sm">
              {certificate.issuedAt.slice(0, 10) < SCOPES_SINCE
                ? t('certificate.scopeBeforeScopes', { date: SCOPES_SINCE })
                : t('certificate.scopeNotStated')}
            </p>
          )}
        </Section>
        <Section id={`${headingId}-facts`} title={t('facts.title')} intro={t('facts.intro')}>
          <CheckedFacts facts={certificate.facts} labelledBy={`${headingId}-facts`} />
        </Section>
        <Section id={`${headingId}-criteria`} title={t('certificate.criteria')} intro={t('certificate.criteriaIntro')}>
          <ul className="grid gap-2">
            {CRITERIA_IDS.map((id) => {
              const met = certificate.criteria[id];
              const Icon = met ? CheckIcon : XIcon;
              return (
                <li key={id} className="flex items-start gap-2 text-sm">
                  <Icon
                    className={
                      met ? 'mt-0.5 size-4 shrink-0 text-success' : 'mt-0.5 size-4 shrink-0 text-muted-foreground'
                    }
                    aria-hidden
                  />
                  <span>
                    <span className="sr-only">
                      {met ? t('certificate.criterionMet') : t('certificate.criterionNotMet')}:{' '}
                    </span>
                    {t(`criteria.${id}`)}
                  </span>
                </li>
              );
            })}
          </ul>
        </Section>
      </CardContent>
    </Card>
  );
}

/** A part of the certificate under its own heading, which names it as a region. */
function Section({ id, title, intro, children }: { id: string; title: string; intro: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="grid gap-3">
      <div>
        <h3 id={id} className="font-semibold">
          {title}
        </h3>
        <p className="text-sm text-muted-foreground">{intro}</p>
      </div>
      {children}
    </section>
  );
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="font-medium">{children}</dd>
    </div>
  );
}

function CertificateSkeleton() {
  const { t } = useTranslation();
  return (
    <Card aria-busy="true">
      <p role="status" className="sr-only">
        {t('status.loading')}
      </p>
      <CardHeader>
        <Skeleton className="h-4 w-40" />
        <Skeleton className="h-8 w-72" />
      </CardHeader>
      <CardContent className="grid gap-6">
        <Skeleton className="h-20 w-full" />
        <div className="grid gap-4 sm:grid-cols-2">
          {Array.from({ length: 6 }, (_, index) => (
            <Skeleton key={index} className="h-11 w-full" />
          ))}
        </div>
        <Skeleton className="h-40 w-full" />
      </CardContent>
    </Card>
  );
}
