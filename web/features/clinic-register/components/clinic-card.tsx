import { BadgeCheckIcon, ExternalLinkIcon, MapPinIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ClinicCard as ClinicCardData } from '../../../../contracts/clinics.ts';
import { DEFAULT_COVER_IMAGE, RatingSummary } from '../../../components/rating-summary.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { clinicProfileHref } from '../../../config/paths.ts';

/**
 * SPEC "Clinic card": used by the register, the featured list and the followed list. `action` is the
 * app layer's slot (the follow button, for signed-in customers only); `status` its slot in place of
 * the "Certifierad" badge (a followed clinic that left the register says why, issue 28 point 4);
 * `distance` its slot after the town. A
 * card in the first screen is a `priority` one: its cover is fetched at once, as the page's largest
 * image, not when it scrolls into view.
 */
export function ClinicCard({
  clinic,
  action,
  status,
  distance,
  priority = false,
}: {
  clinic: ClinicCardData;
  action?: ReactNode;
  status?: ReactNode;
  /** How far the clinic is from the place searched near (the register's slot, issue 24), after its town. */
  distance?: ReactNode;
  priority?: boolean;
}) {
  const { t } = useTranslation('clinics');
  return (
    <article className="flex flex-col overflow-hidden rounded-lg border bg-card shadow-sm transition-shadow hover:shadow-md">
      <img
        src={clinic.coverImageUrl ?? DEFAULT_COVER_IMAGE}
        alt=""
        loading={priority ? 'eager' : 'lazy'}
        fetchPriority={priority ? 'high' : undefined}
        width={640}
        height={360}
        className="aspect-video w-full bg-muted object-cover"
      />
      <div className="flex flex-1 flex-col gap-3 p-5">
        <div className="flex items-start justify-between gap-3">
          {/* The name alone is the link to the clinic's page: the follow button and the website link stay controls of their own. */}
          <h3 className="text-lg leading-tight font-semibold">
            <Link to={clinicProfileHref(clinic.slug)} className="underline-offset-4 hover:text-primary hover:underline">
              {clinic.fullName}
            </Link>
          </h3>
          <RatingSummary rating={clinic.rating} className="shrink-0 text-sm" />
        </div>
        {status ??
          (clinic.isCertified ? (
            <p className="inline-flex w-fit items-center gap-1 rounded-full bg-secondary px-2.5 py-0.5 text-xs font-semibold text-secondary-foreground">
              <BadgeCheckIcon className="size-3.5" aria-hidden />
              {t('card.certified')}
            </p>
          ) : null)}
        <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
          <MapPinIcon className="size-4" aria-hidden />
          {clinic.city ?? t('card.unknownCity')}
          {distance}
        </p>
        <div className="mt-auto flex flex-wrap items-center gap-2 pt-2">
          {clinic.website ? (
            <a
              href={clinic.website}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex items-center gap-1 text-sm font-medium text-primary hover:underline"
            >
              {t('card.visitWebsite')}
              <ExternalLinkIcon className="size-3.5" aria-hidden />
              <span className="sr-only">{t('card.opensInNewTab', { name: clinic.fullName })}</span>
            </a>
          ) : null}
          {action}
        </div>
      </div>
    </article>
  );
}

/**
 * A card's shape (frame, cover, name, badge, city, link row) for one still loading: the page grows when
 * "show more" is pressed, not when the cards arrive later, so nothing on screen moves then (issue 13).
 */
export function ClinicCardSkeleton() {
  return (
    <div aria-hidden className="flex flex-col overflow-hidden rounded-lg border bg-card shadow-sm">
      <Skeleton className="aspect-video w-full rounded-none" />
      <div className="flex flex-1 flex-col gap-3 p-5">
        <Skeleton className="h-5.5 w-3/4" />
        <Skeleton className="h-5 w-24 rounded-full" />
        <Skeleton className="h-5 w-32" />
        <div className="mt-auto pt-2">
          <Skeleton className="h-5 w-28" />
        </div>
      </div>
    </div>
  );
}
