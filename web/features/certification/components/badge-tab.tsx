import { type ReactNode, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { BADGE_IMAGE_SCALE } from '../lib/certificate.ts';
import { DownloadPngButton } from './download-png-button.tsx';

/** The round badge on a transparent background, to download as a PNG. */
export function BadgeTab({ name, badge }: { name: string; badge: ReactNode }) {
  const { t } = useTranslation('certification');
  const badgeRef = useRef<HTMLDivElement>(null);
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{t('badge.title')}</CardTitle>
        <CardDescription>{t('badge.text')}</CardDescription>
      </CardHeader>
      <CardContent className="grid justify-items-start gap-6">
        {/* A checkerboard shows where the image is transparent. */}
        <div className="rounded-lg border bg-[repeating-conic-gradient(var(--color-muted)_0_25%,transparent_0_50%)] bg-size-[24px_24px] p-6">
          {/* The padding keeps the badge's outer ring and shadow inside the image: 320 × 320 CSS pixels. */}
          <div ref={badgeRef} className="p-2.5">
            {badge}
          </div>
        </div>
        <DownloadPngButton
          target={badgeRef}
          fileName={t('badge.fileName', { name })}
          scale={BADGE_IMAGE_SCALE}
          messages={{
            generating: t('toasts.badgeGenerating'),
            success: t('toasts.badgeDownloaded'),
            failureDescription: t('toasts.badgeFailed'),
          }}
        >
          {t('badge.download')}
        </DownloadPngButton>
      </CardContent>
    </Card>
  );
}
