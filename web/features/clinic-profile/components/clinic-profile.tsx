import {
  ArrowRightIcon,
  BadgeCheckIcon,
  ExternalLinkIcon,
  GlobeIcon,
  MailIcon,
  MapPinIcon,
  PhoneIcon,
  ShieldCheckIcon,
} from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SCOPES_SINCE } from '../../../../contracts/certificate-scope.ts';
import type { ClinicProfile as ClinicProfileData } from '../../../../contracts/clinics.ts';
import { DEFAULT_COVER_IMAGE, RatingSummary } from '../../../components/rating-summary.tsx';
import { TreatmentList } from '../../../components/treatment-list.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { verificationHref } from '../../../config/paths.ts';
import { formatDay } from '../../../lib/format.ts';
import { BookTreatmentLink } from './book-treatment-link.tsx';

/** `https://www.klara.se/` → `www.klara.se`: what a person reads; the link keeps the whole address. */
function websiteLabel(website: string): string {
  try {
    return new URL(website).host || website;
  } catch {
    return website;
  }
}

/**
 * A register clinic's public page (`/kliniker/{slug}`): what its card shows, and its description,
 * contact details and the certificate in force, which anyone can verify. `action` is the app layer's
 * slot beside the website link (writing to the clinic, for signed-in customers); `reviews` its slot
 * after the details (the reviews from verified visits, issue 23).
 */
export function ClinicProfile({
  clinic,
  action,
  reviews,
  map,
}: {
  clinic: ClinicProfileData;
  action?: ReactNode;
  reviews?: ReactNode;
  /** Where the clinic is, under its contact details (a map, when the installation has one). */
  map?: ReactNode;
}) {
  const { t } = useTranslation('clinicProfile');
  const aboutId = useId();
  const scopeId = useId();
  const hasContact = Boolean(clinic.address || clinic.contactEmail || clinic.phoneNumber || clinic.website);

  return (
    <article className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
      <img
        src={clinic.coverImageUrl ?? DEFAULT_COVER_IMAGE}
        alt=""
        // The page's largest image: fetched before the scripts.
        fetchPriority="high"
        width={1280}
        height={480}
        className="aspect-[8/3] w-full rounded-lg border bg-muted object-cover"
      />
      <div className="mt-6 flex flex-wrap items-start justify-between gap-4">
        <div className="grid gap-3">
          <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{clinic.fullName}</h1>
          <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
            {clinic.isCertified ? (
              <Badge>
                <BadgeCheckIcon aria-hidden />
                {t('certified')}
              </Badge>
            ) : null}
            <p className="flex items-center gap-1.5 text-muted-foreground">
              <MapPinIcon className="size-4" aria-hidden />
              {clinic.city ?? t('unknownCity')}
            </p>
            <RatingSummary rating={clinic.rating} reviewCount={clinic.reviewCount} />
          </div>
        </div>
        {clinic.website || action || clinic.bookingUrl ? (
          <div className="flex flex-wrap items-center gap-3">
            {clinic.bookingUrl ? <BookTreatmentLink bookingUrl={clinic.bookingUrl} /> : null}
            {action}
            {clinic.website ? (
              <Button asChild variant="outline">
                <a href={clinic.website} target="_blank" rel="noopener noreferrer">
                  {t('visitWebsite')}
                  <ExternalLinkIcon aria-hidden />
                  <span className="sr-only"> {t('opensInNewTab')}</span>
                </a>
              </Button>
            ) : null}
          </div>
        ) : null}
      </div>

      <div className="mt-10 grid gap-8 lg:grid-cols-3">
        <div className="grid content-start gap-10 lg:col-span-2">
          <section aria-labelledby={aboutId}>
            <h2 id={aboutId} className="text-xl font-semibold">
              {t('about')}
            </h2>
            <p className="mt-3 leading-relaxed whitespace-pre-line text-muted-foreground">
              {clinic.description?.trim() || t('noDescription')}
            </p>
          </section>
          <section aria-labelledby={scopeId}>
            <h2 id={scopeId} className="text-xl font-semibold">
              {t('scope.title')}
            </h2>
            {clinic.certificate.treatments.length > 0 ? (
              <>
                <p className="mt-1 text-sm text-muted-foreground">{t('scope.intro')}</p>
                <TreatmentList
                  treatments={clinic.certificate.treatments}
                  described
                  aria-labelledby={scopeId}
                  className="mt-4"
                />
              </>
            ) : (
              <p className="mt-3 text-muted-foreground">
                {/* Issued on or before its first day: one valid before scopes existed was issued before them. */}
                {clinic.certificate.validFrom < SCOPES_SINCE
                  ? t('scope.beforeScopes', { date: SCOPES_SINCE })
                  : t('scope.notStated')}
              </p>
            )}
          </section>
        </div>

        <div className="grid content-start gap-6">
          <Card>
            <CardHeader>
              <CardTitle as="h2">{t('certificate.title')}</CardTitle>
            </CardHeader>
            <CardContent className="grid gap-4">
              <Badge variant="success" className="text-sm">
                <ShieldCheckIcon aria-hidden />
                {t('certificate.valid')}
              </Badge>
              <dl className="grid gap-3 text-sm">
                <Detail label={t('certificate.number')}>
                  <span className="font-mono">{clinic.certificate.number}</span>
                </Detail>
                <Detail label={t('certificate.validity')}>
                  {t('certificate.period', {
                    from: formatDay(clinic.certificate.validFrom),
                    to: formatDay(clinic.certificate.validTo),
                  })}
                </Detail>
              </dl>
              <Link
                to={verificationHref(clinic.certificate.number)}
                className="inline-flex w-fit items-center gap-1 text-sm font-medium text-primary underline-offset-4 hover:underline"
              >
                {t('certificate.verify')}
                <ArrowRightIcon className="size-4" aria-hidden />
              </Link>
            </CardContent>
          </Card>

          <Card>
            <CardHeader>
              <CardTitle as="h2">{t('contact.title')}</CardTitle>
            </CardHeader>
            <CardContent>
              {hasContact ? (
                <dl className="grid gap-3 text-sm">
                  {clinic.address ? (
                    <Detail label={t('contact.address')} icon={<MapPinIcon aria-hidden />}>
                      <span className="whitespace-pre-line">{clinic.address}</span>
                    </Detail>
                  ) : null}
                  {clinic.contactEmail ? (
                    <Detail label={t('contact.email')} icon={<MailIcon aria-hidden />}>
                      <a
                        href={`mailto:${clinic.contactEmail}`}
                        className="break-all text-primary underline-offset-4 hover:underline"
                      >
                        {clinic.contactEmail}
                      </a>
                    </Detail>
                  ) : null}
                  {clinic.phoneNumber ? (
                    <Detail label={t('contact.phone')} icon={<PhoneIcon aria-hidden />}>
                      <a
                        href={`tel:${clinic.phoneNumber.replace(/[^\d+]/g, '')}`}
                        className="text-primary underline-offset-4 hover:underline"
                      >
                        {clinic.phoneNumber}
                      </a>
                    </Detail>
                  ) : null}
                  {clinic.website ? (
                    <Detail label={t('contact.website')} icon={<GlobeIcon aria-hidden />}>
                      <a
                        href={clinic.website}
                        target="_blank"
                        rel="noopener noreferrer"
                        className="break-all text-primary underline-offset-4 hover:underline"
                      >
                        {websiteLabel(clinic.website)}
                        <span className="sr-only"> {t('opensInNewTab')}</span>
                      </a>
                    </Detail>
                  ) : null}
                </dl>
              ) : (
                <p className="text-sm text-muted-foreground">{t('contact.none')}</p>
              )}
              {map ? <div className="mt-4">{map}</div> : null}
            </CardContent>
          </Card>
        </div>
      </div>
      {/* As wide as the description above it. */}
      {reviews ? (
        <div className="mt-10 grid gap-8 lg:grid-cols-3">
          <div className="lg:col-span-2">{reviews}</div>
        </div>
      ) : null}
    </article>
  );
}

function Detail({ label, icon, children }: { label: string; icon?: ReactNode; children: ReactNode }) {
  return (
    <div className="grid min-w-0 gap-0.5">
      <dt className="flex items-center gap-1.5 text-muted-foreground [&_svg]:size-4">
        {icon}
        {label}
      </dt>
      <dd className="font-medium">{children}</dd>
    </div>
  );
}

/** The page's shape while it loads; screen readers hear "loading" once. */
export function ClinicProfileSkeleton() {
  const { t } = useTranslation();
  return (
    <div aria-busy="true" className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
      <p role="status" className="sr-only">
        {t('status.loading')}
      </p>
      <Skeleton className="aspect-[8/3] w-full rounded-lg" />
      <Skeleton className="mt-6 h-10 w-2/3 max-w-md" />
      <Skeleton className="mt-3 h-5 w-64" />
      <div className="mt-10 grid gap-8 lg:grid-cols-3">
        <div className="grid content-start gap-3 lg:col-span-2">
          <Skeleton className="h-6 w-40" />
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-4 w-3/4" />
        </div>
        <div className="grid content-start gap-6">
          <Skeleton className="h-48 w-full" />
          <Skeleton className="h-40 w-full" />
        </div>
      </div>
    </div>
  );
}
