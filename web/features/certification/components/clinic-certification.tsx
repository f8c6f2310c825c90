import { BadgeCheckIcon, CalendarCheckIcon, CodeIcon, FileBadgeIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ClinicOwnProfile } from '../../../../contracts/clinic-area.ts';
import type { TreatmentId } from '../../../../contracts/treatments.ts';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs.tsx';
import { certificateYear } from '../lib/certificate.ts';
import { BadgeTab } from './badge-tab.tsx';
import { CertificateTab } from './certificate-tab.tsx';
import { EmbedTab } from './embed-tab.tsx';
import { MissingCertificate } from './missing-certificate.tsx';

export interface BadgeContent {
  fullName: string;
  year: number;
  /** The certificate's scope, as the /badge page shows it. */
  treatments: readonly TreatmentId[];
}

/**
 * SPEC section 2 "Clinic area", certification page: the certificate in force as a printable page, the
 * badge as an image and as code to embed; without a certificate in force, why not. The page passes in
 * the round badge of the /badge page (`renderBadge`), so both show the same.
 */
export function ClinicCertification({
  profile,
  renderBadge,
}: {
  profile: ClinicOwnProfile;
  renderBadge: (badge: BadgeContent) => ReactNode;
}) {
  const { t } = useTranslation('certification');
  const { certificate, nextCertificate } = profile;
  if (!certificate) return <MissingCertificate profile={profile} />;

  const name = profile.fullName.trim() || t('fallbackName');
  return (
    <div className="grid gap-6">
      <Tabs defaultValue="certificate">
        <TabsList aria-label={t('tabs.label')}>
          <TabsTrigger value="certificate">
            <FileBadgeIcon aria-hidden />
            {t('tabs.certificate')}
          </TabsTrigger>
          <TabsTrigger value="badge">
            <BadgeCheckIcon aria-hidden />
            {t('tabs.badge')}
          </TabsTrigger>
          <TabsTrigger value="embed">
            <CodeIcon aria-hidden />
            {t('tabs.embed')}
          </TabsTrigger>
        </TabsList>
        <TabsContent value="certificate">
          <CertificateTab name={name} certificate={certificate} />
        </TabsContent>
        <TabsContent value="badge">
          <BadgeTab
            name={name}
            badge={renderBadge({
              fullName: name,
              year: certificateYear(certificate),
              treatments: certificate.treatments,
            })}
          />
        </TabsContent>
        <TabsContent value="embed">
          <EmbedTab clinicId={profile.id} isPublic={profile.isPublic} />
        </TabsContent>
      </Tabs>
      {nextCertificate ? (
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <CalendarCheckIcon className="size-4 shrink-0 text-success" aria-hidden />
          {t('certificate.nextYear', { number: nextCertificate.number, date: nextCertificate.validFrom })}
        </p>
      ) : null}
    </div>
  );
}

/** The page's shape while the profile loads: the tabs and the certificate. */
export function CertificationSkeleton() {
  return (
    <div className="grid gap-6">
      <Skeleton className="h-11 w-80 max-w-full" />
      <Skeleton className="h-10 w-72 max-w-full" />
      <Skeleton className="h-[600px] w-full rounded-lg" />
    </div>
  );
}
