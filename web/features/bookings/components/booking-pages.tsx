import { CalendarPlusIcon, ExternalLinkIcon, MapPinIcon, SearchIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ListSkeleton } from '../../../components/list-skeleton.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { clinicProfileHref, paths } from '../../../config/paths.ts';
import { useBookingPages } from '../api/get-booking-pages.ts';

/**
 * The bookings page (issue 28): a customer books with the clinic itself, on the clinic's own booking
 * page. Listed here are those of the clinics the customer follows, each opening in a new tab; without
 * any, the way to the register, where a clinic's page has "Boka en behandling" when it takes bookings.
 */
export function BookingPages() {
  const { t } = useTranslation('customerArea');
  const pages = useBookingPages();
  const findClinic = (primary: boolean) => (
    <Button asChild variant={primary ? 'default' : 'outline'}>
      <Link to={paths.clinics}>
        <SearchIcon aria-hidden />
        {t('bookings.findClinic')}
      </Link>
    </Button>
  );

  if (pages.isError)
    return (
      <LoadError message={t('bookings.loadError')} onRetry={() => void pages.refetch()} retrying={pages.isFetching} />
    );
  if (!pages.data) return <ListSkeleton rows={2} rowClassName="h-16" />;
  if (pages.data.items.length === 0)
    return (
      <section
        aria-labelledby="bookings-empty-heading"
        className="flex flex-col items-center gap-4 rounded-lg border border-dashed bg-card p-10 text-center"
      >
        <CalendarPlusIcon className="size-10 rounded-full bg-secondary p-2 text-primary" aria-hidden />
        <div className="grid gap-1">
          <h2 id="bookings-empty-heading" className="font-semibold">
            {t('bookings.empty.title')}
          </h2>
          <p className="max-w-md text-muted-foreground">{t('bookings.empty.text')}</p>
        </div>
        {findClinic(true)}
      </section>
    );
  return (
    <section aria-labelledby="bookings-heading" className="grid gap-4">
      <h2 id="bookings-heading" className="font-semibold">
        {t('bookings.listTitle')}
      </h2>
      <ul className="grid gap-3">
        {pages.data.items.map((clinic) => (
          <li
            key={clinic.id}
            className="flex flex-wrap items-center justify-between gap-3 rounded-lg border bg-card p-4 shadow-sm"
          >
            <div className="grid min-w-0 gap-0.5">
              <Link
                to={clinicProfileHref(clinic.slug)}
                className="font-medium break-words text-primary underline-offset-4 hover:underline"
              >
                {clinic.fullName}
              </Link>
              {clinic.city ? (
                <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
                  <MapPinIcon className="size-4" aria-hidden />
                  {clinic.city}
                </p>
              ) : null}
            </div>
            <Button asChild>
              <a href={clinic.bookingUrl} target="_blank" rel="noopener noreferrer">
                <CalendarPlusIcon aria-hidden />
                {/* The visible word begins the accessible name, so that saying it works with voice control. */}
                <span aria-hidden>{t('bookings.book')}</span>
                <span className="sr-only">{t('bookings.bookAt', { name: clinic.fullName })}</span>
                <ExternalLinkIcon aria-hidden />
              </a>
            </Button>
          </li>
        ))}
      </ul>
      <div>{findClinic(false)}</div>
    </section>
  );
}
