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
import { useParams } from 'react-router';
import { DashboardPage } from '../../../components/layouts/dashboard-page.tsx';
import { PaymentDocumentPage } from '../../../components/payment-document.tsx';
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
import { WithClinicProfile } from '../../../features/clinic-area/components/with-clinic-profile.tsx';
import { ClinicReviews } from '../../../features/clinic-reviews/components/clinic-reviews.tsx';
import { useClinicPayment } from '../../../features/membership/api/get-payment.ts';
import { CheckoutCancelled, CheckoutSuccess } from '../../../features/membership/components/checkout-return.tsx';
import { MembershipPayments } from '../../../features/membership/components/membership-payments.tsx';
import { MembershipHint, MembershipSummaryCard } from '../../../features/membership/components/membership-summary.tsx';
import { MessagesLiveProvider } from '../../../features/messages/live/messages-live-provider.tsx';
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

/**
 * The clinic-area and membership features act for the signed-in clinic; the guard inside the shell
 * lets only clinics reach its pages.
 */
export function Layout() {
  const { user, getAccessToken } = useAuth();
  return (
    <SignedInUserProvider userId={user?.id ?? null} getAccessToken={getAccessToken}>
      <ClinicSessionProvider clinicId={user?.id ?? null}>
        <MessagesLiveProvider readerId={user?.id ?? null}>
          <DashboardShell area="clinic" menu={MENU} settingsHref={paths.clinicSettings} />
        </MessagesLiveProvider>
      </ClinicSessionProvider>
    </SignedInUserProvider>
  );
}

export function Overview() {
  const { t } = useTranslation('dashboard');
  const { user } = useAuth();
  return (
    <DashboardPage title={t('clinic.overview.title')} intro={t('welcome', { name: user?.name ?? '' })}>
      <ClinicOverview membership={<MembershipSummaryCard />} />
    </DashboardPage>
  );
}

export function Application() {
  const { t } = useTranslation('dashboard');
  return (
    <DashboardPage title={t('clinic.application.title')}>
      <ClinicApplication notice={<MembershipHint />} />
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
      <MembershipPayments />
    </DashboardPage>
  );
}

/** /clinic-dashboard/payments/success: where Stripe's Checkout returns after paying. */
export function PaymentSuccess() {
  const { t } = useTranslation('payments');
  return (
    <DashboardPage title={t('checkout.success.title')}>
      <CheckoutSuccess />
    </DashboardPage>
  );
}

/** /clinic-dashboard/payments/cancelled: where Stripe's Checkout returns when the clinic turned back. */
export function PaymentCancelled() {
  const { t } = useTranslation('payments');
  return (
    <DashboardPage title={t('checkout.cancelled.title')}>
      <CheckoutCancelled />
    </DashboardPage>
  );
}

/** /clinic-dashboard/payments/:paymentId: an invoice or receipt, printable; the invoice email links here. */
export function PaymentDocument() {
  const { paymentId = '' } = useParams();
  return <PaymentDocumentPage key={paymentId} query={useClinicPayment(paymentId)} backHref={paths.clinicPayments} />;
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
  return (
    <DashboardPage title={t('dashboard:clinic.reviews.title')} intro={t('clinicReviews:intro')}>
      <ClinicReviews />
    </DashboardPage>
  );
}
