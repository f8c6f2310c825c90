import type { LucideIcon } from 'lucide-react';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import type { Role } from '../../../contracts/constants.ts';
import { DashboardLayout } from '../../components/layouts/dashboard-layout.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useAuth } from '../../features/auth/components/auth-provider.tsx';
import { RequireRole } from '../../features/auth/components/require-role.tsx';
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
   * or the reviews waiting for the admin's decision.
   */
  badge?: 'unreadMessages' | 'reviewsWaiting';
}

/**
 * One dashboard area's layout route: only its role gets in (the guard lives in the area's chunk,
 * not in the landing page's JavaScript), then the shell with the area's menu.
 */
export function DashboardShell(props: { area: Role; menu: AreaMenuItem[]; settingsHref?: string }) {
  return (
    <RequireRole allowedRoles={[props.area]}>
      <AreaLayout {...props} />
    </RequireRole>
  );
}

function AreaLayout({ area, menu, settingsHref }: { area: Role; menu: AreaMenuItem[]; settingsHref?: string }) {
  const { t } = useTranslation(['dashboard', 'common', 'messages']);
  const { user, logout } = useAuth();
  const siteTitle = useSiteTitle();
  const unreadMessages = useUnreadTotal() ?? 0;
  const reviewsWaiting = useWaitingReviewCount(menu.some((item) => item.badge === 'reviewsWaiting')) ?? 0;
  const badgeOf = (badge: NonNullable<AreaMenuItem['badge']>) =>
    badge === 'unreadMessages'
      ? { count: unreadMessages, label: t('messages:inbox.unread', { count: unreadMessages }) }
      : { count: reviewsWaiting, label: t('adminReviews:menuBadge', { count: reviewsWaiting }) };
  return (
    <DashboardLayout
      siteTitle={siteTitle}
      areaLabel={t(`dashboard:areas.${area}`)}
      menu={menu.map(({ to, page, icon, end, badge }) => ({
        to,
        label: t(`dashboard:${page}.title`),
        icon,
        end,
        badge: badge && badgeOf(badge),
      }))}
      user={{ name: user?.name ?? '', roleLabel: t(`dashboard:roles.${area}`) }}
      settingsHref={settingsHref}
      onLogout={() => void logout()}
    >
      <DocumentTitle title={siteTitle} />
      <Suspense fallback={<Spinner label={t('common:status.loading')} />}>
        <Outlet />
      </Suspense>
    </DashboardLayout>
  );
}
