import { ShieldCheckIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/**
 * The round certificate badge (SPEC section 2, /badge: 300×300, the year and the clinic's name) on a
 * transparent background, so it sits on any site that embeds it.
 */
export function CertificateBadge({ fullName, year }: { fullName: string; year: number }) {
  const { t } = useTranslation('badge');
  return (
    <div
      data-slot="certificate-badge"
      className="flex size-[300px] flex-col items-center justify-center gap-1.5 rounded-full border-[6px] border-primary bg-card p-8 text-center shadow-sm ring-4 ring-primary/20 ring-offset-2"
    >
      <ShieldCheckIcon className="size-12 text-primary" aria-hidden />
      <p className="text-xs font-semibold tracking-[0.2em] text-primary uppercase">{t('certified')}</p>
      <p className="text-4xl font-bold tabular-nums">{year}</p>
      <p className="line-clamp-2 text-base leading-tight font-semibold">{fullName}</p>
      <p className="text-[11px] tracking-wide text-muted-foreground uppercase">{t('qualityAndSafety')}</p>
    </div>
  );
}
