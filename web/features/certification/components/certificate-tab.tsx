import { PrinterIcon } from 'lucide-react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { OwnCertificate } from '../../../../contracts/clinic-area.ts';
import { Button } from '../../../components/ui/button.tsx';
import { CERTIFICATE_IMAGE_SCALE } from '../lib/certificate.ts';
import { CertificateDocument } from './certificate-document.tsx';
import { DownloadPngButton } from './download-png-button.tsx';

/** The printable certificate, to print (only it, web/styles.css) or to save as an image. */
export function CertificateTab({ name, certificate }: { name: string; certificate: OwnCertificate }) {
  const { t } = useTranslation('certification');
  const certificateRef = useRef<HTMLElement>(null);
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap gap-3">
        <Button type="button" onClick={() => window.print()}>
          <PrinterIcon aria-hidden />
          {t('certificate.print')}
        </Button>
        <DownloadPngButton
          target={certificateRef}
          fileName={t('certificate.fileName', { name })}
          scale={CERTIFICATE_IMAGE_SCALE}
          messages={{
            generating: t('toasts.certificateGenerating'),
            success: t('toasts.certificateDownloaded'),
            successDescription: t('toasts.certificateDownloadedText'),
            failureDescription: t('toasts.certificateFailed'),
          }}
        >
          {t('certificate.download')}
        </DownloadPngButton>
      </div>
      <div className="overflow-x-auto rounded-lg border bg-muted/60 p-4 sm:p-8">
        <div data-print-root className="mx-auto w-fit shadow-md">
          <CertificateDocument ref={certificateRef} name={name} certificate={certificate} />
        </div>
      </div>
    </div>
  );
}
