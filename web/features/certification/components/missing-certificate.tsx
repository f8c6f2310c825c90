import { BanIcon, CalendarXIcon, ClockIcon, type LucideIcon, PauseCircleIcon, TriangleAlertIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ClinicOwnProfile } from '../../../../contracts/clinic-area.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { paths } from '../../../config/paths.ts';
import { MISSING_CERTIFICATE_REASONS, type MissingCertificateReason } from '../lib/certificate.ts';

const ICONS: Record<MissingCertificateReason, LucideIcon> = {
  notYet: TriangleAlertIcon,
  underReview: ClockIcon,
  denied: BanIcon,
  withdrawn: BanIcon,
  suspended: PauseCircleIcon,
  expired: CalendarXIcon,
};

/** Instead of the certificate: why the clinic has none in force, and the way to its application. */
export function MissingCertificate({ profile }: { profile: ClinicOwnProfile }) {
  const { t } = useTranslation('certification');
  const reason = MISSING_CERTIFICATE_REASONS[profile.phase];
  const Icon = ICONS[reason];
  const shownReason =
    reason === 'suspended'
      ? profile.suspension?.reason
      : (reason === 'denied' || reason === 'withdrawn') && profile.denialReason;
  return (
    <Card>
      <CardHeader className="flex-row items-start gap-4">
        <Icon className="size-10 shrink-0 rounded-lg bg-accent p-2 text-accent-foreground" aria-hidden />
        <div className="grid gap-1.5">
          <CardTitle as="h2">{t(`missing.${reason}.title`)}</CardTitle>
          <CardDescription>{t(`missing.${reason}.text`)}</CardDescription>
        </div>
      </CardHeader>
      <CardContent className="grid gap-5">
        {shownReason ? (
          <div className="rounded-md border-l-4 border-destructive bg-muted p-4 text-sm">
            <p className="font-semibold">{t('missing.reason')}</p>
            <p className="mt-1 whitespace-pre-line">{shownReason}</p>
          </div>
        ) : null}
        <Button asChild className="w-fit">
          <Link to={paths.clinicApplication}>{t('missing.action')}</Link>
        </Button>
      </CardContent>
    </Card>
  );
}
