import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { ClinicInvitation, InvitationStatus } from '../../../../contracts/reviews.ts';
import { ListSkeleton } from '../../../components/list-skeleton.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { ShowMoreButton } from '../../../components/show-more-button.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { formatDate, formatDay } from '../../../lib/format.ts';
import { useInvitations } from '../api/get-invitations.ts';

const STATUS_VARIANT = { open: 'warning', used: 'success', expired: 'muted' } as const satisfies Record<
  InvitationStatus,
  string
>;

function InvitationRow({ invitation }: { invitation: ClinicInvitation }) {
  const { t } = useTranslation('clinicReviews');
  return (
    <div className="flex flex-wrap items-start justify-between gap-2 p-4">
      <div className="grid min-w-0 gap-1">
        <p className="font-medium [overflow-wrap:anywhere]">{invitation.email}</p>
        <p className="text-sm text-muted-foreground">
          {t('invitations.visit', { date: formatDay(invitation.visitDate) })}
          {' · '}
          <time dateTime={invitation.createdAt}>
            {t('invitations.sent', { date: formatDate(invitation.createdAt) })}
          </time>
          {invitation.status === 'open' ? (
            <>
              {' · '}
              <time dateTime={invitation.expiresAt}>
                {t('invitations.validUntil', { date: formatDate(invitation.expiresAt) })}
              </time>
            </>
          ) : null}
        </p>
      </div>
      <Badge variant={STATUS_VARIANT[invitation.status]}>{t(`invitations.status.${invitation.status}`)}</Badge>
    </div>
  );
}

/** The clinic's invitations, newest first, each open, used or expired ("Visa fler" pages on the server). */
export function InvitationList() {
  const { t } = useTranslation('clinicReviews');
  const headingId = useId();
  const invitations = useInvitations();
  const items = invitations.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <section aria-labelledby={headingId} className="grid gap-4">
      <h2 id={headingId} className="text-xl font-semibold">
        {t('invitations.title')}
      </h2>
      {!invitations.data ? (
        invitations.isError ? (
          <LoadError
            message={t('loadError')}
            onRetry={() => void invitations.refetch()}
            retrying={invitations.isFetching}
          />
        ) : (
          <ListSkeleton rows={3} rowClassName="h-16" />
        )
      ) : items.length === 0 ? (
        <p role="status" className="rounded-lg border border-dashed bg-card p-8 text-center text-muted-foreground">
          {t('invitations.empty')}
        </p>
      ) : (
        <ul aria-labelledby={headingId} className="divide-y rounded-lg border bg-card shadow-sm">
          {items.map((invitation) => (
            <li key={invitation.id}>
              <InvitationRow invitation={invitation} />
            </li>
          ))}
        </ul>
      )}
      <ShowMoreButton query={invitations} label={t('showMore')} loadingLabel={t('loadingMore')} />
    </section>
  );
}
