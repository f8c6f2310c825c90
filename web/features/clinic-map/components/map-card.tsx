import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { clinicProfileHref } from '../../../config/paths.ts';
import { formatDistanceKm } from '../../../lib/format.ts';
import type { MapClinic } from '../lib/map-clinic.ts';

/** What a marker opens: the clinic's name as a link to its page, its town and its distance. */
export function MapCard({ clinic }: { clinic: Omit<MapClinic, 'position'> }) {
  const { t } = useTranslation('clinicMap');
  return (
    <div className="grid gap-1 pr-4 font-sans">
      <Link
        to={clinicProfileHref(clinic.slug)}
        className="text-base font-semibold text-primary underline-offset-4 hover:underline"
      >
        {clinic.fullName}
      </Link>
      <p className="text-sm text-muted-foreground">
        {[clinic.city ?? t('unknownCity'), clinic.distanceKm === undefined ? null : formatDistanceKm(clinic.distanceKm)]
          .filter(Boolean)
          .join(' · ')}
      </p>
    </div>
  );
}
