import type { LucideIcon } from 'lucide-react';
import { Suspense, useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import type { Role } from '../../../contracts/constants.ts';
import { DashboardLayout } from '../../components/layouts/dashboard-layout.tsx';
import { DashboardPageSkeleton } from '../../components/layouts/dashboard-page.tsx';
import { useAuth } from '../../features/auth/components/auth-provider.tsx';
import { RequireRole } from '../../features/auth/components/require-role.tsx';
import { useWaitingReportCount } from '../../features/admin-reports/api/get-report-count.ts';
import { useWaitingReviewCount } from '../../features/admin-reviews/api/get-review-count.ts';
import { useUnreadTotal } from '../../features/messages/api/get-unread.ts';
import { useSiteTitle } from '../../features/site/api/get-site-settings.ts';
import { DocumentTitle } from '../../features/site/components/document-title.tsx';

export interface AreaMenuItem {
  to: string;
  /** The page's key in the dashboard namespace: its title names the menu entry too. */
  page: string;
  icon: LucideIcon;
  end?: boolean;
  /**
   * A count beside the entry: the reader's unread messages (the area's MessagesLiveProvider keeps it),
   * the reviews waiting for the admin's decision, or the reports waiting for the admin's answer.
   */
  badge?: 'unreadMessages' | 'reviewsWaiting' | 'reportsWaiting';
}

type AreaLayoutProps = { area: Role; menu: AreaMenuItem[]; settingsHref?: string };

/**
 * One dashboard area's layout route: only its role gets in (the guard lives in the area's chunk,
 * not in the landing page's JavaScript), then the shell with the area's menu. While the sign-in state
 * loads, a visitor whose stored session is this area's sees the shell at once, with placeholders in
 * place of the page and the name (issue 28 point 8); the same element stays when the page comes, so
 * nothing of the shell is drawn twice.
 */
export function DashboardShell(props: AreaLayoutProps) {
  return (
    <RequireRole allowedRoles={[props.area]} whileLoading={<AreaLayout {...props} pending />}>
      <AreaLayout {...props} pending={false} />
    </RequireRole>
  );
}

function AreaLayout({ area, menu, settingsHref, pending }: AreaLayoutProps & { pending: boolean }) {
  const { t } = useTranslation(['dashboard', 'common', 'messages']);
  const { user, logout } = useAuth();
  const siteTitle = useSiteTitle();
  const unreadMessages = useUnreadTotal() ?? 0;
  // Asked once the session is known: before, there is no access token to ask with.
  const asks = (badge: AreaMenuItem['badge']) => !pending && menu.some((item) => item.badge === badge);
  const reviewsWaiting = useWaitingReviewCount(asks('reviewsWaiting')) ?? 0;
  const reportsWaiting = useWaitingReportCount(asks('reportsWaiting')) ?? 0;
  const badges = {
    unreadMessages: { count: unreadMessages, label: t('messages:inbox.unread', { count: unreadMessages }) },
    reviewsWaiting: { count: reviewsWaiting, label: t('adminReviews:menuBadge', { count: reviewsWaiting }) },
    reportsWaiting: { count: reportsWaiting, label: t('adminReports:menuBadge', { count: reportsWaiting }) },
  };
  // The page replaces the placeholder once it can render: switched in the background, inside a boundary
  // that is already showing, its lazy first render keeps the placeholder up instead of committing the
  // fallback and then waiting out React's delay before revealing the page.
  const showPlaceholder = useDeferredValue(pending);
  return (
    <DashboardLayout
      siteTitle={siteTitle}
      areaLabel={t(`dashboard:areas.${area}`)}
      menu={menu.map(({ to, page, icon, end, badge }) => ({
        to,
        label: t(`dashboard:${page}.title`),
        icon,
        end,
        badge: badge && badges[badge],
      }))}
      user={user && { name: user.name, roleLabel: t(`dashboard:roles.${area}`) }}
      settingsHref={settingsHref}
      onLogout={() => void logout()}
    >
      <DocumentTitle title={siteTitle} />
      <Suspense fallback={<DashboardPageSkeleton />}>
        {showPlaceholder ? <DashboardPageSkeleton /> : <Outlet />}
      </Suspense>
    </DashboardLayout>
  );
}
