import { useQueryClient } from '@tanstack/react-query';
import {
  BadgeCheckIcon,
  CreditCardIcon,
  FileTextIcon,
  LayoutDashboardIcon,
  MessageSquareIcon,
  SettingsIcon,
  StarIcon,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { DashboardPage } from '../../../components/layouts/dashboard-page.tsx';
import { paths } from '../../../config/paths.ts';
import { DeleteAccountCard } from '../../../features/account-deletion/components/delete-account-card.tsx';
import { ownProfileKeys } from '../../../features/auth/api/get-own-profile.ts';
import { AccountSettings } from '../../../features/auth/components/account-settings.tsx';
import { DataExportCard } from '../../../features/data-export/components/data-export-card.tsx';
import { useAuth } from '../../../features/auth/components/auth-provider.tsx';
import { CertificateBadge } from '../../../features/badge/components/certificate-badge.tsx';
import {
  CertificationSkeleton,
  ClinicCertification,
} from '../../../features/certification/components/clinic-certification.tsx';
import { ClinicApplication } from '../../../features/clinic-area/components/clinic-application.tsx';
import { ClinicOverview } from '../../../features/clinic-area/components/clinic-overview.tsx';
import { ClinicSessionProvider } from '../../../features/clinic-area/components/clinic-session.tsx';
import { ClinicSettings } from '../../../features/clinic-area/components/clinic-settings.tsx';
import { MembershipPlans } from '../../../features/clinic-area/components/membership-plans.tsx';
import { WithClinicProfile } from '../../../features/clinic-area/components/with-clinic-profile.tsx';
import { ClinicReviews } from '../../../features/clinic-reviews/components/clinic-reviews.tsx';
import { MessagesLiveProvider } from '../../../features/messages/live/messages-live-provider.tsx';
import { AccessTokenProvider } from '../../../lib/access-token.tsx';
import { SignedInUserProvider } from '../../../lib/signed-in-user.tsx';
import { type AreaMenuItem, DashboardShell } from '../dashboard-shell.tsx';
import { MessagesPage } from '../messages-page.tsx';

// The clinic area (/clinic-dashboard, role clinic) is one chunk: this module and what it imports.
const MENU: AreaMenuItem[] = [
  { to: paths.clinicDashboard, page: 'clinic.overview', icon: LayoutDashboardIcon, end: true },
  { to: paths.clinicApplication, page: 'clinic.application', icon: FileTextIcon },
  { to: paths.clinicCertification, page: 'clinic.certification', icon: BadgeCheckIcon },
  { to: paths.clinicReviews, page: 'clinic.reviews', icon: StarIcon },
  { to: paths.clinicMessages, page: 'clinic.messages', icon: MessageSquareIcon, badge: 'unreadMessages' },
  { to: paths.clinicPayments, page: 'clinic.payments', icon: CreditCardIcon },
  { to: paths.clinicSettings, page: 'clinic.settings', icon: SettingsIcon },
];

/** The clinic-area feature acts for the signed-in clinic; the guard inside the shell lets only clinics reach its pages. */
export function Layout() {
  const { user, getAccessToken } = useAuth();
  return (
    <AccessTokenProvider getAccessToken={getAccessToken}>
      <ClinicSessionProvider clinicId={user?.id ?? null}>
        <MessagesLiveProvider readerId={user?.id ?? null}>
          <DashboardShell area="clinic" menu={MENU} settingsHref={paths.clinicSettings} />
        </MessagesLiveProvider>
      </ClinicSessionProvider>
    </AccessTokenProvider>
  );
}

export function Overview() {
  const { t } = useTranslation('dashboard');
  const { user } = useAuth();
  return (
    <DashboardPage title={t('clinic.overview.title')} intro={t('welcome', { name: user?.name ?? '' })}>
      <ClinicOverview />
    </DashboardPage>
  );
}

export function Application() {
  const { t } = useTranslation('dashboard');
  return (
    <DashboardPage title={t('clinic.application.title')}>
      <ClinicApplication />
    </DashboardPage>
  );
}

export function Certification() {
  // The badge tab's badge speaks the badge namespace: loaded with the page, not by suspending it at the tab.
  const { t } = useTranslation(['dashboard', 'certification', 'badge']);
  return (
    <DashboardPage title={t('dashboard:clinic.certification.title')} intro={t('certification:description')}>
      <WithClinicProfile skeleton={<CertificationSkeleton />}>
        {(profile) => (
          <ClinicCertification profile={profile} renderBadge={(badge) => <CertificateBadge {...badge} />} />
        )}
      </WithClinicProfile>
    </DashboardPage>
  );
}

export const Messages = () => <MessagesPage area="clinic" />;

export function Payments() {
  const { t } = useTranslation('dashboard');
  return (
    <DashboardPage title={t('clinic.payments.title')}>
      <MembershipPlans />
    </DashboardPage>
  );
}

export function Settings() {
  const { t } = useTranslation('dashboard');
  const { logout } = useAuth();
  const queryClient = useQueryClient();
  return (
    <DashboardPage title={t('clinic.settings.title')}>
      <div className="grid gap-6">
        {/* The header shows the name from the signed-in user's own profile: load it again after a save. */}
        <ClinicSettings onSaved={() => void queryClient.invalidateQueries({ queryKey: ownProfileKeys.all })} />
        <AccountSettings />
        <DataExportCard />
        <DeleteAccountCard role="clinic" onDeleted={logout} />
      </div>
    </DashboardPage>
  );
}

export function Reviews() {
  const { t } = useTranslation(['dashboard', 'clinicReviews']);
  const { user, getAccessToken } = useAuth();
  return (
    <DashboardPage title={t('dashboard:clinic.reviews.title')} intro={t('clinicReviews:intro')}>
      <SignedInUserProvider userId={user?.id ?? null} getAccessToken={getAccessToken}>
        <ClinicReviews />
      </SignedInUserProvider>
    </DashboardPage>
  );
}
