import { ShieldCheckIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { TreatmentId } from '../../../../contracts/treatments.ts';
import { useTreatmentName } from '../../../components/treatment-list.tsx';

/**
 * The round certificate badge (SPEC section 2, /badge: 300×300, the year and the clinic's name) on a
 * transparent background, so it sits on any site that embeds it; with `treatments`, the certificate's
 * scope in two lines at most, as the server's /badge page shows it (server/services/badge-page.ts).
 */
export function CertificateBadge({
  fullName,
  year,
  treatments = [],
}: {
  fullName: string;
  year: number;
  treatments?: readonly TreatmentId[];
}) {
  const { t } = useTranslation('badge');
  const treatmentName = useTreatmentName();
  const scope = treatments.map(treatmentName).join(', ');
  return (
    <div
      data-slot="certificate-badge"
      className="flex size-[300px] flex-col items-center justify-center gap-1.5 rounded-full border-[6px] border-primary bg-card p-8 text-center shadow-sm ring-4 ring-primary/20 ring-offset-2"
    >
      <ShieldCheckIcon className="size-12 text-primary" aria-hidden />
      <p className="text-xs font-semibold tracking-[0.2em] text-primary uppercase">{t('certified')}</p>
      <p className="text-4xl font-bold tabular-nums">{year}</p>
      <p className="line-clamp-2 text-base leading-tight font-semibold">{fullName}</p>
      {scope ? (
        <p className="line-clamp-2 text-[11px] leading-snug" title={scope}>
          {t('scope', { treatments: scope })}
        </p>
      ) : null}
      <p className="text-[11px] tracking-wide text-muted-foreground uppercase">{t('qualityAndSafety')}</p>
    </div>
  );
}
