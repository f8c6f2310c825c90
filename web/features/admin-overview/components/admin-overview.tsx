import {
  AlertTriangleIcon,
  BadgeCheckIcon,
  Building2Icon,
  ClipboardCheckIcon,
  type LucideIcon,
  MessageSquareIcon,
  UsersIcon,
} from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Party } from '../../../../contracts/messages.ts';
import { Link } from 'react-router';
import type { AdminStats } from '../../../../contracts/admin.ts';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { paths } from '../../../config/paths.ts';
import { formatDateTime, formatNumber } from '../../../lib/format.ts';
import { useAdminStats } from '../api/get-admin-stats.ts';
import { useLatestMessages } from '../api/get-latest-messages.ts';

// Each number leads to the page where it is dealt with.
const STATS: { key: Exclude<keyof AdminStats, 'demo'>; icon: LucideIcon; to: string }[] = [
  { key: 'clinics', icon: Building2Icon, to: paths.adminClinics },
  // As the public sees it: a certificate in force today (docs/decisions/023).
  { key: 'listedClinics', icon: BadgeCheckIcon, to: paths.clinics },
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
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-5">
        {STATS.map(({ key, icon: Icon, to }) => (
          <li key={key}>
            <Link
              to={to}
              className="flex items-center gap-4 rounded-lg border bg-card p-5 shadow-sm transition-colors hover:bg-muted/50"
            >
              <Icon className="size-11 shrink-0 rounded-lg bg-secondary p-2.5 text-secondary-foreground" aria-hidden />
              <div className="grid gap-1">
                <span className="text-sm font-medium text-muted-foreground">{t(`admin:overview.stats.${key}`)}</span>
                {stats.isPending ? (
                  <Skeleton className="h-8 w-16" />
                ) : (
                  <span className="text-2xl font-bold tabular-nums">
                    {stats.data ? formatNumber(stats.data[key]) : '–'}
                  </span>
                )}
              </div>
            </Link>
          </li>
        ))}
      </ul>
      {stats.isError ? (
        <p className="mt-3 text-sm text-muted-foreground">{t('admin:overview.stats.unavailable')}</p>
      ) : null}
    </section>
  );
}

/** SPEC section 2: the five latest messages with sender, recipient, content and time. */
function LatestMessages() {
  const { t } = useTranslation(['admin', 'dashboard', 'common']);
  const partyLabel = (party: Party) => {
    if (party.kind === 'user')
      return t('admin:overview.latestMessages.party.user', {
        name: party.fullName,
        role: t(`dashboard:roles.${party.role}`),
      });
    return party.kind === 'team'
      ? t('admin:overview.latestMessages.party.team')
      : t('admin:overview.latestMessages.party.guest', { name: party.name || party.email });
  };
  const messages = useLatestMessages();
  const items = messages.data?.items ?? [];
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{t('admin:overview.latestMessages.title')}</CardTitle>
      </CardHeader>
      <CardContent aria-busy={messages.isPending}>
        {messages.isPending ? (
          <div className="grid gap-3">
            <p role="status" className="sr-only">
              {t('common:status.loading')}
            </p>
            {[0, 1, 2].map((index) => (
              <Skeleton key={index} className="h-14 w-full" />
            ))}
          </div>
        ) : items.length === 0 ? (
          <div className="flex flex-col items-center gap-3 rounded-md border border-dashed p-8 text-center">
            <MessageSquareIcon className="size-10 rounded-full bg-muted p-2.5 text-muted-foreground" aria-hidden />
            <p className="text-muted-foreground">{t('admin:overview.latestMessages.empty')}</p>
          </div>
        ) : (
          <ul className="divide-y" aria-label={t('admin:overview.latestMessages.title')}>
            {items.map((message) => (
              <li key={message.id} className="grid gap-1 py-3 first:pt-0 last:pb-0">
                <div className="flex flex-wrap items-baseline justify-between gap-x-4 text-sm">
                  <span className="font-medium">
                    {t('admin:overview.latestMessages.fromTo', {
                      sender: partyLabel(message.sender),
                      recipient: partyLabel(message.recipient),
                    })}
                  </span>
                  <time dateTime={message.createdAt} className="text-muted-foreground tabular-nums">
                    {formatDateTime(message.createdAt)}
                  </time>
                </div>
                <p className="line-clamp-2 text-muted-foreground">{message.content}</p>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

/** Issue 27: a demo installation (SEED_DEMO) has public test logins; its admin must not mistake it for a real one. */
function DemoNotice() {
  const { t } = useTranslation('admin');
  const stats = useAdminStats();
  if (!stats.data?.demo) return null;
  return (
    <div role="note" className="flex gap-3 rounded-lg border border-destructive/30 bg-destructive/5 p-5">
      <AlertTriangleIcon className="mt-0.5 size-5 shrink-0 text-destructive" aria-hidden />
      <div>
        <h2 className="font-semibold">{t('overview.demo.title')}</h2>
        <p className="mt-1 text-sm text-muted-foreground">{t('overview.demo.text')}</p>
      </div>
    </div>
  );
}

/** SPEC section 2 "Admin area", index: the four numbers, then the latest messages; first a notice on a demo installation. */
export function AdminOverview() {
  return (
    <div className="grid gap-8">
      <DemoNotice />
      <Stats />
      <LatestMessages />
    </div>
  );
}
