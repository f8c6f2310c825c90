import { useTranslation } from 'react-i18next';

/** Instead of the map, when it cannot be drawn (no WebGL, a style or a chunk that did not load). */
export function MapUnavailable() {
  const { t } = useTranslation('clinicMap');
  return (
    <p role="status" className="rounded-lg border border-dashed p-6 text-center text-muted-foreground">
      {t('unavailable')}
    </p>
  );
}
