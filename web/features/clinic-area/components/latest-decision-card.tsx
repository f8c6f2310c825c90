import { BadgeCheckIcon, CalendarCheckIcon, CircleXIcon, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ClinicOwnProfile } from '../../../../contracts/clinic-area.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { paths } from '../../../config/paths.ts';
import { cn } from '../../../lib/cn.ts';
import { formatDate, formatDay } from '../../../lib/format.ts';

type Decision = 'approved' | 'denied' | 'withdrawn' | 'renewalApproved' | 'renewalDenied';

/**
 * The admin's last decision as the server's phase (decision 024) and the profile tell it, or none while
 * something sent in waits for a decision (or none was made, or the certificate has since run out or
 * been suspended: the status card says that). A denied renewal leaves the clinic Godkänd with the reason.
 */
function latestDecision(profile: ClinicOwnProfile): Decision | null {
  if (!profile.decidedAt) return null;
  switch (profile.phase) {
    case 'denied':
    case 'withdrawn':
      return profile.phase;
    case 'certified':
    case 'renewal_open':
      if (profile.nextCertificate) return 'renewalApproved';
      if (profile.denialReason) return 'renewalDenied';
      return profile.certificate ? 'approved' : null;
    default:
      return null;
  }
}

const STYLES: Record<Decision, { icon: LucideIcon; box: string; iconClass: string }> = {
  approved: { icon: BadgeCheckIcon, box: 'border-success/30 bg-success/10', iconClass: 'text-success' },
  renewalApproved: { icon: CalendarCheckIcon, box: 'border-success/30 bg-success/10', iconClass: 'text-success' },
  denied: { icon: CircleXIcon, box: 'border-destructive/30 bg-destructive/5', iconClass: 'text-destructive' },
  withdrawn: { icon: CircleXIcon, box: 'border-destructive/30 bg-destructive/5', iconClass: 'text-destructive' },
  renewalDenied: { icon: CircleXIcon, box: 'border-destructive/30 bg-destructive/5', iconClass: 'text-destructive' },
};

/** The decisions that said no: the admin's reason and what to do next go with them. */
const REFUSALS: ReadonlySet<Decision> = new Set(['denied', 'withdrawn', 'renewalDenied']);

/** Where the clinic goes next: its certificate after an approval, its application to send in again after a no. */
const NEXT: Partial<Record<Decision, string>> = {
  approved: paths.clinicCertification,
  renewalApproved: paths.clinicCertification,
  denied: paths.clinicApplication,
  withdrawn: paths.clinicApplication,
};

/**
 * Issue 28 point 2: the overview says in words what the admin last decided, when, and (for a no) the
 * admin's reason and what to do next, as the decision's email did. Without this a denied clinic's
 * overview read like a new account's.
 */
export function LatestDecisionCard({ profile }: { profile: ClinicOwnProfile }) {
  const { t } = useTranslation('clinicArea');
  const decision = latestDecision(profile);
  if (!decision || !profile.decidedAt) return null;
  const { icon: Icon, box, iconClass } = STYLES[decision];
  const certificate = decision === 'renewalApproved' ? profile.nextCertificate : profile.certificate;
  const next = NEXT[decision];
  return (
    <Card className="lg:col-span-2">
      <CardHeader>
        <CardTitle as="h2">{t('latestDecision.title')}</CardTitle>
      </CardHeader>
      <CardContent>
        <div className={cn('flex gap-4 rounded-lg border p-5', box)}>
          <Icon className={cn('mt-0.5 size-6 shrink-0', iconClass)} aria-hidden />
          <div className="grid min-w-0 gap-2">
            <p className="font-semibold">
              {t(`latestDecision.${decision}.title`, { date: formatDate(profile.decidedAt) })}
            </p>
            <p className="text-sm">
              {t(`latestDecision.${decision}.text`, {
                number: certificate?.number ?? '',
                validFrom: certificate ? formatDay(certificate.validFrom) : '',
                validTo: certificate ? formatDay(certificate.validTo) : '',
              })}
            </p>
            {REFUSALS.has(decision) ? (
              <>
                <p className="text-sm break-words whitespace-pre-line">
                  <span className="font-semibold">{t('latestDecision.reason')}</span> {profile.denialReason}
                </p>
                <p className="text-sm">{t(`latestDecision.${decision}.next`)}</p>
              </>
            ) : null}
            {next ? (
              <Button asChild variant="outline" className="mt-1 w-fit">
                <Link to={next}>{t(`latestDecision.${decision}.action`)}</Link>
              </Button>
            ) : null}
          </div>
        </div>
      </CardContent>
    </Card>
  );
}
