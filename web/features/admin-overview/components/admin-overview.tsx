import { Building2Icon, ClipboardCheckIcon, type LucideIcon, MessageSquareIcon, UsersIcon } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { AdminStats } from '../../../../contracts/admin.ts';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { paths } from '../../../config/paths.ts';
import { formatNumber } from '../../../lib/format.ts';
import { useAdminStats } from '../api/get-admin-stats.ts';

// Each number leads to the page where it is dealt with.
const STATS: { key: keyof AdminStats; icon: LucideIcon; to: string }[] = [
  { key: 'clinics', icon: Building2Icon, to: paths.adminClinics },
  { key: 'customers', icon: UsersIcon, to: paths.adminUsers },
  { key: 'pendingApplications', icon: ClipboardCheckIcon, to: paths.adminApplications },
  { key: 'unreadMessages', icon: MessageSquareIcon, to: paths.adminMessages },
];

function Stats() {
  const { t } = useTranslation(['admin', 'common']);
  const headingId = useId();
  const stats = useAdminStats();
  return (
    <section aria-labelledby={headingId} aria-busy={stats.isPending}>
      <h2 id={headingId} className="sr-only">
        {t('admin:overview.stats.title')}
      </h2>
      {stats.isPending ? (
        <p role="status" className="sr-only">
          {t('common:status.loading')}
        </p>
      ) : null}
      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {STATS.map(({ key, icon: Icon, to }) => (
          <li key={key}>
            <Link to={to} className="flex items-center gap-4 rounded-lg border bg-card p-5 shadow-sm transition-colors hover:bg-muted/50">
              <Icon className="size-11 shrink-0 rounded-lg bg-secondary p-2.5 text-secondary-foreground" aria-hidden />
              <span className="grid gap-1">
                <span className="text-sm font-medium text-muted-foreground">{t(`admin:overview.stats.${key}`)}</span>
                {stats.isPending ? (
                  <Skeleton className="h-8 w-16" />
                ) : (
                  <span className="text-2xl font-bold tabular-nums">{stats.data ? formatNumber(stats.data[key]) : '–'}</span>
                )}
              </span>
            </Link>
          </li>
        ))}
      </ul>
      {stats.isError ? <p className="mt-3 text-sm text-muted-foreground">{t('admin:overview.stats.unavailable')}</p> : null}
    </section>
  );
}

/** SPEC section 2: the five latest messages; messaging is not built yet, so there are none to show. */
function LatestMessages() {
  const { t } = useTranslation('admin');
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{t('overview.latestMessages.title')}</CardTitle>
      </CardHeader>
      <CardContent>
        <div className="flex flex-col items-center gap-3 rounded-md border border-dashed p-8 text-center">
          <MessageSquareIcon className="size-10 rounded-full bg-muted p-2.5 text-muted-foreground" aria-hidden />
          <p className="text-muted-foreground">{t('overview.latestMessages.empty')}</p>
        </div>
      </CardContent>
    </Card>
  );
}

/** SPEC section 2 "Admin area", index: the four numbers, then the latest messages. */
export function AdminOverview() {
  return (
    <div className="grid gap-8">
      <Stats />
      <LatestMessages />
    </div>
  );
}
