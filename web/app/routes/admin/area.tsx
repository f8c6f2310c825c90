import { useQueryClient } from '@tanstack/react-query';
import {
  Building2Icon,
  ClipboardCheckIcon,
  CreditCardIcon,
  DownloadIcon,
  FlagIcon,
  LayoutDashboardIcon,
  MessageSquareIcon,
  PanelsTopLeftIcon,
  SettingsIcon,
  StarIcon,
  Trash2Icon,
  UsersIcon,
} from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { LANGUAGES } from '../../../../contracts/constants.ts';
import { DashboardPage } from '../../../components/layouts/dashboard-page.tsx';
import { PaymentDocumentPage } from '../../../components/payment-document.tsx';
import { paths } from '../../../config/paths.ts';
import { ApplicationReview } from '../../../features/admin-clinics/components/application-review.tsx';
import { ApplicationsList } from '../../../features/admin-clinics/components/applications-list.tsx';
import { ClinicsTable } from '../../../features/admin-clinics/components/clinics-table.tsx';
import { SiteSettingsForm } from '../../../features/admin-cms/components/site-settings-form.tsx';
import {
  type MessageRecipient,
  SendMessageDialog,
} from '../../../features/admin-messages/components/send-message-dialog.tsx';
import { useAdminPayment } from '../../../features/admin-payments/api/get-payment.ts';
import { PaymentsTable } from '../../../features/admin-payments/components/payments-table.tsx';
import { PlansSection } from '../../../features/admin-payments/components/plans-section.tsx';
import { AdminOverview } from '../../../features/admin-overview/components/admin-overview.tsx';
import { DeleteAccountCard } from '../../../features/account-deletion/components/delete-account-card.tsx';
import {
  EraseAccountButton,
  type ErasableAccount,
  EraseAccountDialog,
} from '../../../features/account-deletion/components/erase-account-dialog.tsx';
import { DataExportCard } from '../../../features/data-export/components/data-export-card.tsx';
import {
  ExportUserDataButton,
  useExportUserData,
} from '../../../features/data-export/components/export-user-data-button.tsx';
import { MessagesLiveProvider } from '../../../features/messages/live/messages-live-provider.tsx';
import { ReportsList } from '../../../features/admin-reports/components/reports-list.tsx';
import { ReviewModeration } from '../../../features/admin-reviews/components/review-moderation.tsx';
import { UsersTable } from '../../../features/admin-users/components/users-table.tsx';
import { AccountSettings } from '../../../features/auth/components/account-settings.tsx';
import { useAuth } from '../../../features/auth/components/auth-provider.tsx';
import { getHeroContentQueryOptions } from '../../../features/site/api/get-hero-content.ts';
import { getSiteSettingsQueryOptions } from '../../../features/site/api/get-site-settings.ts';
import { AccessTokenProvider } from '../../../lib/access-token.tsx';
import { type AreaMenuItem, DashboardShell } from '../dashboard-shell.tsx';
import { MessagesPage } from '../messages-page.tsx';

// The admin area (/admin, role admin) is one chunk: this module and what it imports.
const MENU: AreaMenuItem[] = [
  { to: paths.adminDashboard, page: 'admin.overview', icon: LayoutDashboardIcon, end: true },
  { to: paths.adminApplications, page: 'admin.applications', icon: ClipboardCheckIcon },
  { to: paths.adminMessages, page: 'admin.messages', icon: MessageSquareIcon, badge: 'unreadMessages' },
  { to: paths.adminClinics, page: 'admin.clinics', icon: Building2Icon },
  { to: paths.adminUsers, page: 'admin.users', icon: UsersIcon },
  { to: paths.adminReports, page: 'admin.reports', icon: FlagIcon, badge: 'reportsWaiting' },
  { to: paths.adminReviews, page: 'admin.reviews', icon: StarIcon, badge: 'reviewsWaiting' },
  { to: paths.adminPayments, page: 'admin.payments', icon: CreditCardIcon },
  { to: paths.adminCms, page: 'admin.cms', icon: PanelsTopLeftIcon },
  { to: paths.adminSettings, page: 'admin.settings', icon: SettingsIcon },
];

/**
 * The admin features call the API with the signed-in admin's token; the guard inside the shell lets
 * only admins reach their pages. The header's name and initial lead to the admin's own settings.
 */
export function Layout() {
  const { user, getAccessToken } = useAuth();
  return (
    <AccessTokenProvider getAccessToken={getAccessToken}>
      <MessagesLiveProvider readerId={user?.id ?? null}>
        <DashboardShell area="admin" menu={MENU} settingsHref={paths.adminSettings} />
      </MessagesLiveProvider>
    </AccessTokenProvider>
  );
}

export function Overview() {
  const { t } = useTranslation('dashboard');
  const { user } = useAuth();
  return (
    <DashboardPage title={t('admin.overview.title')} intro={t('welcome', { name: user?.name ?? '' })}>
      <AdminOverview />
    </DashboardPage>
  );
}

export function Applications() {
  const { t } = useTranslation(['dashboard', 'admin']);
  return (
    <DashboardPage title={t('dashboard:admin.applications.title')} intro={t('admin:applications.intro')}>
      <ApplicationsList />
    </DashboardPage>
  );
}

/** /admin/applications/:clinicId: one application under review (its own page, so it can be linked to). */
export function Application() {
  const { clinicId = '' } = useParams();
  return <ApplicationReview key={clinicId} clinicId={clinicId} />;
}

export const Messages = () => <MessagesPage area="admin" />;

export function Clinics() {
  const { t } = useTranslation(['dashboard', 'admin', 'dataExport', 'accountDeletion']);
  // The clinic to write to, and the row's menu button that gets focus back afterwards.
  const [message, setMessage] = useState<{ recipient: MessageRecipient; menuButton: HTMLElement | null } | null>(null);
  const [erasing, setErasing] = useState<{ account: ErasableAccount; menuButton: HTMLElement | null } | null>(null);
  const dataExport = useExportUserData();
  return (
    <DashboardPage title={t('dashboard:admin.clinics.title')} intro={t('admin:clinics.intro')}>
      {/* A clinic's data too is exported or erased on its request (issue 26 point 5); an erased one is not erased again. */}
      <ClinicsTable
        onSendMessage={(recipient, menuButton) => setMessage({ recipient, menuButton })}
        menuActions={(clinic) => [
          {
            key: 'data-export',
            label: t('dataExport:admin.button'),
            icon: <DownloadIcon aria-hidden />,
            onSelect: () => dataExport.start(clinic.id),
          },
          ...(clinic.deletedAt
            ? []
            : [
                {
                  key: 'erase',
                  label: t('accountDeletion:erase.action'),
                  icon: <Trash2Icon aria-hidden />,
                  destructive: true,
                  onSelect: (menuButton: HTMLElement | null) => setErasing({ account: clinic, menuButton }),
                },
              ]),
        ]}
      />
      <SendMessageDialog
        recipient={message?.recipient ?? null}
        onClose={() => setMessage(null)}
        onCloseAutoFocus={() => message?.menuButton?.focus()}
      />
      <EraseAccountDialog
        account={erasing?.account ?? null}
        onClose={() => setErasing(null)}
        onCloseAutoFocus={() => erasing?.menuButton?.focus()}
      />
    </DashboardPage>
  );
}

export function Users() {
  const { t } = useTranslation(['dashboard', 'admin']);
  return (
    <DashboardPage title={t('dashboard:admin.users.title')} intro={t('admin:users.intro')}>
      <UsersTable
        rowActions={(user) => (
          <>
            <ExportUserDataButton userId={user.id} name={user.fullName} />
            <EraseAccountButton account={user} />
          </>
        )}
      />
    </DashboardPage>
  );
}

export function Reports() {
  const { t } = useTranslation(['dashboard', 'adminReports']);
  return (
    <DashboardPage title={t('dashboard:admin.reports.title')} intro={t('adminReports:intro')}>
      <ReportsList />
    </DashboardPage>
  );
}

export function Reviews() {
  const { t } = useTranslation(['dashboard', 'adminReviews']);
  return (
    <DashboardPage title={t('dashboard:admin.reviews.title')} intro={t('adminReviews:intro')}>
      <ReviewModeration />
    </DashboardPage>
  );
}

/** /admin/payments (issue 25): the payments and invoices, then the plans and their prices. */
export function Payments() {
  const { t } = useTranslation(['dashboard', 'adminPayments']);
  return (
    <DashboardPage title={t('dashboard:admin.payments.title')} intro={t('adminPayments:intro')}>
      <div className="grid gap-12">
        <PaymentsTable />
        <PlansSection />
      </div>
    </DashboardPage>
  );
}

/** /admin/payments/:paymentId: a payment's invoice or receipt, as the clinic sees it. */
export function Payment() {
  const { paymentId = '' } = useParams();
  return <PaymentDocumentPage key={paymentId} query={useAdminPayment(paymentId)} backHref={paths.adminPayments} />;
}

export function Cms() {
  const { t } = useTranslation(['dashboard', 'admin']);
  const queryClient = useQueryClient();
  // The header's brand, the browser tab and the landing page's hero read the site feature's queries.
  const refreshSite = () => {
    void queryClient.invalidateQueries({ queryKey: getSiteSettingsQueryOptions().queryKey });
    for (const language of LANGUAGES)
      void queryClient.invalidateQueries({ queryKey: getHeroContentQueryOptions(language).queryKey });
  };
  return (
    <DashboardPage title={t('dashboard:admin.cms.title')} intro={t('admin:cms.intro')}>
      <SiteSettingsForm onSaved={refreshSite} />
    </DashboardPage>
  );
}

/** The admin's own account: the password, the download of the own data and the account's deletion (issue 26). */
export function Settings() {
  const { t } = useTranslation('dashboard');
  const { logout } = useAuth();
  return (
    <DashboardPage title={t('admin.settings.title')}>
      <div className="grid gap-6">
        <AccountSettings />
        <DataExportCard />
        <DeleteAccountCard role="admin" onDeleted={logout} />
      </div>
    </DashboardPage>
  );
}
