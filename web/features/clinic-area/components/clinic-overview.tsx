import {
  BadgeCheckIcon,
  ClockIcon,
  ExternalLinkIcon,
  FileTextIcon,
  type LucideIcon,
  MessageCircleIcon,
  PauseCircleIcon,
  PencilIcon,
  TriangleAlertIcon,
} from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  type ApplicationPhase,
  type ClinicOwnProfile,
  profileCompleteness,
} from '../../../../contracts/clinic-area.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Progress } from '../../../components/ui/progress.tsx';
import { supportConversationHref } from '../../../config/page-params.ts';
import { clinicProfileHref, paths } from '../../../config/paths.ts';
import { cn } from '../../../lib/cn.ts';
import { formatDate } from '../../../lib/format.ts';
import { useClinicProfile } from '../api/get-clinic-profile.ts';
import { formatPercent } from '../lib/format.ts';
import { CardSkeleton } from './card-skeleton.tsx';
import { ChangeRequestCard } from './change-request-card.tsx';
import { LatestDecisionCard } from './latest-decision-card.tsx';
import { RegisterVisibilityCard } from './register-visibility-card.tsx';
import { RenewalCard } from './renewal-card.tsx';
import { WithClinicProfile } from './with-clinic-profile.tsx';

type CertificationState =
  'certified' | 'underReview' | 'suspended' | 'denied' | 'withdrawn' | 'expired' | 'notCertified';

/** The server's phase (decision 024) as the overview sums it up. */
const CERTIFICATION_STATES: Record<ApplicationPhase, CertificationState> = {
  certified: 'certified',
  renewal_open: 'certified',
  renewal_sent: 'certified',
  sent_in: 'underReview',
  draft: 'notCertified',
  // A decision or a lapse is named, never read as a new account's "not certified yet" (issue 28 point 2).
  denied: 'denied',
  withdrawn: 'withdrawn',
  suspended: 'suspended',
  expired: 'expired',
};

const STATE_ICONS: Record<CertificationState, { icon: LucideIcon; className: string }> = {
  certified: { icon: BadgeCheckIcon, className: 'bg-success/10 text-success' },
  underReview: { icon: ClockIcon, className: 'bg-secondary text-secondary-foreground' },
  suspended: { icon: PauseCircleIcon, className: 'bg-destructive/10 text-destructive' },
  denied: { icon: TriangleAlertIcon, className: 'bg-destructive/10 text-destructive' },
  withdrawn: { icon: TriangleAlertIcon, className: 'bg-destructive/10 text-destructive' },
  expired: { icon: TriangleAlertIcon, className: 'bg-accent text-accent-foreground' },
  notCertified: { icon: TriangleAlertIcon, className: 'bg-accent text-accent-foreground' },
};

/** SPEC section 4 "Certification display": certified until 31 December, or what to do to get there. */
function CertificationStatusCard({ profile }: { profile: ClinicOwnProfile }) {
  const { t } = useTranslation('clinicArea');
  const state = CERTIFICATION_STATES[profile.phase];
  const { icon: Icon, className } = STATE_ICONS[state];
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{t('overview.status.title')}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-5">
        <div className="flex items-start gap-4">
          <Icon className={cn('size-10 shrink-0 rounded-lg p-2', className)} aria-hidden />
          <div>
            <p className="font-semibold">{t(`overview.status.${state}.title`)}</p>
            <p className="mt-1 text-sm text-muted-foreground">
              {t(`overview.status.${state}.text`, {
                year: profile.certificate?.validTo.slice(0, 4) ?? new Date().getFullYear(),
                number: profile.suspension?.number,
                date: profile.suspension ? formatDate(profile.suspension.since) : '',
              })}
            </p>
            {state === 'suspended' && profile.suspension ? (
              <p className="mt-1 text-sm whitespace-pre-line">
                <span className="font-semibold">{t('overview.status.suspended.reason')}</span>{' '}
                {profile.suspension.reason}
              </p>
            ) : null}
            {profile.certificate ? (
              <p className="mt-1 text-sm font-medium tabular-nums">
                {t('overview.status.certificateNumber', { number: profile.certificate.number })}
              </p>
            ) : null}
          </div>
        </div>
        <Button asChild className="w-fit">
          <Link
            to={state === 'certified' || state === 'suspended' ? paths.clinicCertification : paths.clinicApplication}
          >
            {t(`overview.status.${state}.action`)}
          </Link>
        </Button>
      </CardContent>
    </Card>
  );
}

/** SPEC section 5: the share of the six profile fields that are filled. */
function CompletenessCard({ profile }: { profile: ClinicOwnProfile }) {
  const { t } = useTranslation('clinicArea');
  const titleId = useId();
  const percent = profileCompleteness(profile);
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" id={titleId}>
          {t('overview.completeness.title')}
        </CardTitle>
        <CardDescription>{t('overview.completeness.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <div className="flex items-center gap-4">
          <Progress value={percent} aria-labelledby={titleId} className="flex-1" />
          <span className="text-lg font-semibold tabular-nums">{formatPercent(percent)}</span>
        </div>
        <p className="text-sm text-muted-foreground">
          {percent === 100 ? t('overview.completeness.complete') : t('overview.completeness.incomplete')}
        </p>
      </CardContent>
    </Card>
  );
}

/**
 * Each leads where it says (issue 28): the clinic's own public page (once the profile has said its
 * address), and its conversation with the support team in the app.
 */
function useQuickActions(): { key: string; to: string; icon: LucideIcon }[] {
  const slug = useClinicProfile().data?.slug;
  return [
    { key: 'editProfile', to: paths.clinicSettings, icon: PencilIcon },
    { key: 'manageDocuments', to: paths.clinicApplication, icon: FileTextIcon },
    ...(slug ? [{ key: 'viewPublicPage', to: clinicProfileHref(slug), icon: ExternalLinkIcon }] : []),
    { key: 'contactSupport', to: supportConversationHref('clinic'), icon: MessageCircleIcon },
  ];
}

function QuickActions() {
  const { t } = useTranslation('clinicArea');
  const actions = useQuickActions();
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{t('overview.quickActions.title')}</CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          {actions.map(({ key, to, icon: Icon }) => (
            <li key={key}>
              <Button asChild variant="outline" className="h-auto w-full justify-start py-3">
                <Link to={to}>
                  <Icon className="text-primary" aria-hidden />
                  {t(`overview.quickActions.${key}`)}
                </Link>
              </Button>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

/**
 * SPEC section 2 "Clinic area", overview: certification status, the membership (issue 25: its card comes
 * from the membership feature, composed by the page), profile completeness, quick actions.
 */
export function ClinicOverview({ membership }: { membership?: ReactNode }) {
  return (
    <div className="grid gap-6">
      <WithClinicProfile
        skeleton={
          <div className="grid gap-6 lg:grid-cols-2">
            <CardSkeleton />
            <CardSkeleton />
          </div>
        }
      >
        {(profile) => (
          <div className="grid gap-6 lg:grid-cols-2">
            <LatestDecisionCard profile={profile} />
            <CertificationStatusCard profile={profile} />
            {membership}
            <CompletenessCard profile={profile} />
            <RegisterVisibilityCard profile={profile} />
            <ChangeRequestCard profile={profile} className="lg:col-span-2" />
            <RenewalCard profile={profile} />
          </div>
        )}
      </WithClinicProfile>
      <QuickActions />
    </div>
  );
}
