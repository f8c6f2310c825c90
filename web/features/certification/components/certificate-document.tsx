import { ShieldCheckIcon } from 'lucide-react';
import { type Ref, useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { OwnCertificate } from '../../../../contracts/clinic-area.ts';
import { useTreatmentName } from '../../../components/treatment-list.tsx';
import { certificateYear, verificationUrl } from '../lib/certificate.ts';
import { QrCode } from './qr-code.tsx';

/** The round seal of the certificate, in the style of the badge: a shield with a check mark. */
function CertificateSeal() {
  const { t } = useTranslation('certification');
  return (
    <div className="flex size-32 flex-col items-center justify-center gap-1 rounded-full border-4 border-primary bg-card p-3 text-center ring-2 ring-primary/20 ring-offset-2">
      <ShieldCheckIcon className="size-9 text-primary" aria-hidden />
      <p className="text-[9px] leading-tight font-semibold tracking-[0.12em] text-primary uppercase">
        {t('certificate.sealTitle')}
      </p>
      <p className="text-[8px] leading-tight tracking-wide text-muted-foreground uppercase">
        {t('certificate.sealSubtitle')}
      </p>
    </div>
  );
}

/**
 * The certificate as it is printed and saved: an A4 portrait page (600 × 849 CSS pixels) that paints
 * its own background, so the image needs none around it.
 */
export function CertificateDocument({
  name,
  certificate,
  ref,
}: {
  name: string;
  certificate: OwnCertificate;
  ref?: Ref<HTMLElement>;
}) {
  const { t } = useTranslation('certification');
  const treatmentName = useTreatmentName();
  const scope = certificate.treatments.map(treatmentName).join(', ');
  const year = certificateYear(certificate);
  const url = verificationUrl(certificate.number);
  const headingId = useId();
  return (
    <article
      ref={ref}
      data-slot="certificate"
      aria-labelledby={headingId}
      className="relative flex h-[849px] w-[600px] shrink-0 flex-col items-center bg-card px-16 py-14 text-center text-card-foreground"
    >
      <div className="pointer-events-none absolute inset-3 rounded-sm border-2 border-primary" aria-hidden />
      <div className="pointer-events-none absolute inset-5 rounded-sm border border-primary/30" aria-hidden />

      <ShieldCheckIcon className="size-10 text-primary" aria-hidden />
      <p className="mt-2 text-xs font-semibold tracking-[0.3em] text-primary uppercase">{t('certificate.issuer')}</p>
      <h2 id={headingId} className="mt-8 text-4xl font-bold tracking-wide">
        {t('certificate.heading')}
      </h2>

      <p className="mt-10 text-sm text-muted-foreground italic">{t('certificate.intro')}</p>
      <p className="mt-3 line-clamp-2 text-3xl leading-tight font-bold text-primary">{name}</p>
      <p className="mt-4 max-w-md text-sm leading-relaxed">{t('certificate.statement', { year })}</p>
      <p className="mt-6 text-6xl font-bold text-primary tabular-nums">{year}</p>

      <dl className="mt-6 flex gap-12 text-sm">
        <div>
          <dt className="text-muted-foreground">{t('certificate.issued')}</dt>
          {/* The API's days (YYYY-MM-DD) are already the Swedish short date shown in either language. */}
          <dd className="mt-1 font-semibold tabular-nums">{certificate.validFrom}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">{t('certificate.number')}</dt>
          <dd className="mt-1 font-semibold tabular-nums">{certificate.number}</dd>
        </div>
      </dl>
      <p className="mt-3 text-sm font-medium">{t('certificate.validUntil', { year })}</p>
      {scope ? (
        <p className="mt-4 line-clamp-3 max-w-md text-xs leading-relaxed">
          <span className="font-semibold">{t('certificate.scope')}</span> {scope}
        </p>
      ) : null}

      <div className="mt-auto grid w-full grid-cols-3 items-end gap-4">
        <div className="pb-2 text-left">
          <div
            className="border-b border-foreground/60 pb-1 font-serif text-xl whitespace-nowrap text-primary/80 italic"
            aria-hidden
          >
            {t('certificate.issuer')}
          </div>
          <p className="mt-1 text-[11px] text-muted-foreground">{t('certificate.signature')}</p>
        </div>
        <div className="flex justify-center">
          <CertificateSeal />
        </div>
        <div className="flex flex-col items-end gap-1">
          <QrCode value={url} alt={t('certificate.qrAlt', { url })} className="size-24" />
          <p className="text-[10px] text-muted-foreground">{t('certificate.scanToVerify')}</p>
        </div>
      </div>
    </article>
  );
}
