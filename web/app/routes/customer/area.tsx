import { useQueryClient } from '@tanstack/react-query';
import {
  CalendarDaysIcon,
  FlagIcon,
  HeartIcon,
  LayoutDashboardIcon,
  MessageSquareIcon,
  SearchIcon,
  SettingsIcon,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { DashboardPage } from '../../../components/layouts/dashboard-page.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { paths } from '../../../config/paths.ts';
import { DeleteAccountCard } from '../../../features/account-deletion/components/delete-account-card.tsx';
import { ownProfileKeys } from '../../../features/auth/api/get-own-profile.ts';
import { useAuth } from '../../../features/auth/components/auth-provider.tsx';
import { BookingPages } from '../../../features/bookings/components/booking-pages.tsx';
import { ClinicGrid } from '../../../features/clinic-register/components/clinic-grid.tsx';
import { RegisterSearchForm } from '../../../features/clinic-register/components/register-search-form.tsx';
import { AnsweredReportsCard } from '../../../features/customer-reports/components/answered-reports-card.tsx';
import { MyReports } from '../../../features/customer-reports/components/my-reports.tsx';
import { MyInvitations } from '../../../features/customer-reviews/components/my-invitations.tsx';
import { MyReviews } from '../../../features/customer-reviews/components/my-reviews.tsx';
import { ReportForm } from '../../../features/customer-reports/components/report-form.tsx';
import { ReportShortcutCard } from '../../../features/customer-reports/components/report-shortcut-card.tsx';
import { CustomerSettingsForm } from '../../../features/customer-settings/components/customer-settings-form.tsx';
import { DataExportCard } from '../../../features/data-export/components/data-export-card.tsx';
import { FollowedClinics } from '../../../features/follows/components/followed-clinics.tsx';
import { FollowedSummaryCard } from '../../../features/follows/components/followed-summary-card.tsx';
import { MessagesLiveProvider } from '../../../features/messages/live/messages-live-provider.tsx';
import { SignedInUserProvider } from '../../../lib/signed-in-user.tsx';
import { combineCardActions } from '../public/clinic-card-actions.tsx';
import { useMessageAction } from '../public/message-action.tsx';
import { type AreaMenuItem, DashboardShell } from '../dashboard-shell.tsx';
import { MessagesPage } from '../messages-page.tsx';

// The customer area (/dashboard, role customer) is one chunk: this module and what it imports.
const MENU: AreaMenuItem[] = [
  { to: paths.customerDashboard, page: 'customer.overview', icon: LayoutDashboardIcon, end: true },
  { to: paths.customerBookings, page: 'customer.bookings', icon: CalendarDaysIcon },
  { to: paths.customerFollowed, page: 'customer.followed', icon: HeartIcon },
  { to: paths.customerMessages, page: 'customer.messages', icon: MessageSquareIcon, badge: 'unreadMessages' },
  { to: paths.customerReports, page: 'customer.reports', icon: FlagIcon },
  { to: paths.customerSettings, page: 'customer.settings', icon: SettingsIcon },
];

/** The customer's features show the signed-in customer's own data; the guard inside the shell lets only customers reach their pages. */
export function Layout() {
  const { user, getAccessToken } = useAuth();
  return (
    <SignedInUserProvider userId={user?.id ?? null} getAccessToken={getAccessToken}>
      <MessagesLiveProvider readerId={user?.id ?? null}>
        <DashboardShell area="customer" menu={MENU} settingsHref={paths.customerSettings} />
      </MessagesLiveProvider>
    </SignedInUserProvider>
  );
}

export function Overview() {
  const { t } = useTranslation(['dashboard', 'customerArea']);
  const { user } = useAuth();
  return (
    <DashboardPage
      title={t('dashboard:customer.overview.title')}
      intro={t('dashboard:welcome', { name: user?.name ?? '' })}
    >
      <div className="grid gap-6">
        <AnsweredReportsCard />
        <Card>
          <CardHeader>
            <CardTitle as="h2" className="flex items-center gap-2">
              <SearchIcon className="size-5 text-primary" aria-hidden />
              {t('customerArea:overview.search.title')}
            </CardTitle>
          </CardHeader>
          <CardContent>
            <RegisterSearchForm />
          </CardContent>
        </Card>
        <div className="grid gap-6 md:grid-cols-2">
          <FollowedSummaryCard />
          <ReportShortcutCard />
        </div>
        <MyInvitations />
        <MyReviews />
      </div>
    </DashboardPage>
  );
}

export function Bookings() {
  const { t } = useTranslation(['dashboard', 'customerArea']);
  return (
    <DashboardPage title={t('dashboard:customer.bookings.title')} intro={t('customerArea:bookings.intro')}>
      <BookingPages />
    </DashboardPage>
  );
}

export function Followed() {
  const { t } = useTranslation(['dashboard', 'follows']);
  const messageAction = useMessageAction();
  return (
    <DashboardPage title={t('dashboard:customer.followed.title')} intro={t('follows:followed.intro')}>
      <FollowedClinics>
        {({ pages, followAction, cardStatus }) => (
          <ClinicGrid
            pages={pages}
            label={t('follows:followed.listLabel')}
            cardAction={combineCardActions(
              // A customer writes only to a clinic in the register (services/messages/policy.ts).
              messageAction && ((clinic) => (clinic.isCertified ? messageAction(clinic) : null)),
              followAction,
            )}
            cardStatus={cardStatus}
          />
        )}
      </FollowedClinics>
    </DashboardPage>
  );
}

export const Messages = () => <MessagesPage area="customer" />;

export function Reports() {
  const { t } = useTranslation(['dashboard', 'customerArea']);
  return (
    <DashboardPage title={t('dashboard:customer.reports.title')} intro={t('customerArea:reports.intro')}>
      <div className="grid gap-10">
        <ReportForm />
        <MyReports />
      </div>
    </DashboardPage>
  );
}

export function Settings() {
  const { t } = useTranslation(['dashboard', 'customerArea']);
  const { user, logout } = useAuth();
  const queryClient = useQueryClient();
  return (
    <DashboardPage title={t('dashboard:customer.settings.title')} intro={t('customerArea:settings.intro')}>
      <div className="grid gap-6">
        {/* The header shows the name from the signed-in user's own profile: load it again after a save. */}
        <CustomerSettingsForm
          account={{ fullName: user?.name ?? '', email: user?.email ?? '', pendingEmail: user?.new_email }}
          onSaved={() => void queryClient.invalidateQueries({ queryKey: ownProfileKeys.all })}
        />
        <DataExportCard />
        <DeleteAccountCard role="customer" onDeleted={logout} />
      </div>
    </DashboardPage>
  );
}
