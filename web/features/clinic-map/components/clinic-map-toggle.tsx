import { MapIcon } from 'lucide-react';
import { lazy, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { MapUnavailable } from './map-unavailable.tsx';
import type { MapClinic } from '../lib/map-clinic.ts';

// MapLibre is a chunk of its own, fetched when the map is first opened: the pages' budgets do not grow.
// A chunk that does not come (the connection dropped) is a sentence, as a map that cannot draw is.
const ClinicMap = lazy(() => import('./clinic-map.tsx').catch(() => ({ default: MapUnavailable })));

/**
 * "Visa karta": the clinics of a list (or the one of a clinic's page) on a map, beside the list, which
 * stays the way to them for keyboards and screen readers. `styleUrl` is the installation's
 * MAP_STYLE_URL; the app offers this only when it is set.
 */
export function ClinicMapToggle({
  styleUrl,
  clinics,
  shows,
}: {
  styleUrl: string;
  clinics: readonly MapClinic[];
  /** What the page around it is: the register's list (the same clinics, for keyboards and screen readers) or one clinic's page. */
  shows: 'list' | 'clinic';
}) {
  const { t } = useTranslation('clinicMap');
  const [open, setOpen] = useState(false);
  const regionId = useId();
  return (
    <div className="grid gap-3">
      <Button
        variant="outline"
        className="w-fit"
        aria-expanded={open}
        aria-controls={open ? regionId : undefined}
        onClick={() => setOpen((wasOpen) => !wasOpen)}
      >
        <MapIcon aria-hidden />
        {open ? t('hide') : t('show')}
      </Button>
      {open ? (
        <section id={regionId} aria-label={t('regionLabel')} className="grid gap-2">
          <p className="text-sm text-muted-foreground">
            {shows === 'list'
              ? t('listIsTheWay', { count: clinics.filter((clinic) => clinic.position).length })
              : t('clinicAtItsTown')}
          </p>
          <Suspense
            fallback={
              <p role="status" className="grid h-[26rem] place-items-center rounded-lg border text-muted-foreground">
                {t('loading')}
              </p>
            }
          >
            <ClinicMap styleUrl={styleUrl} clinics={clinics} />
          </Suspense>
        </section>
      ) : null}
    </div>
  );
}
