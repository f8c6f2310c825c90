import { PenLineIcon } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CustomerInvitation } from '../../../../contracts/reviews.ts';
import { Button } from '../../../components/ui/button.tsx';
import { clinicProfileHref } from '../../../config/paths.ts';
import { formatDate, formatDay } from '../../../lib/format.ts';
import { toast } from '../../../lib/toast.ts';
import { useInvitations } from '../api/get-invitations.ts';
import { PagedSection } from './paged-section.tsx';
import { WriteReview } from './write-review.tsx';

function InvitationItem({ invitation }: { invitation: CustomerInvitation }) {
  const { t } = useTranslation('customerReviews');
  const formId = useId();
  const [writing, setWriting] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  return (
    <article className="grid gap-4 rounded-lg border bg-card p-5 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid min-w-0 gap-1">
          <h3 className="font-semibold [overflow-wrap:anywhere]">
            <Link
              to={clinicProfileHref(invitation.clinic.slug)}
              className="underline-offset-4 hover:text-primary hover:underline"
            >
              {invitation.clinic.name}
            </Link>
          </h3>
          <p className="text-sm text-muted-foreground">
            {t('invitations.visit')} <time dateTime={invitation.visitDate}>{formatDay(invitation.visitDate)}</time>
            {' · '}
            {t('invitations.validUntil')}{' '}
            <time dateTime={invitation.expiresAt}>{formatDate(invitation.expiresAt)}</time>
          </p>
        </div>
        <Button
          ref={toggle}
          variant={writing ? 'outline' : 'default'}
          onClick={() => setWriting(!writing)}
          aria-expanded={writing}
          aria-controls={writing ? formId : undefined}
        >
          <PenLineIcon aria-hidden />
          {t('invitations.write')}
        </Button>
      </div>
      {writing ? (
        <div id={formId}>
          <WriteReview
            invitation={invitation}
            onCancel={() => {
              setWriting(false);
              toggle.current?.focus();
            }}
            onWritten={() =>
              toast({
                title: t('written.title'),
                description: t('toasts.writtenDescription', { clinic: invitation.clinic.name }),
                variant: 'success',
              })
            }
          />
        </div>
      ) : null}
    </article>
  );
}

/** "Inbjudningar att skriva omdöme": the invitations the customer opened and may still use, each with its form. */
export function MyInvitations() {
  const { t } = useTranslation('customerReviews');
  return (
    <PagedSection
      title={t('invitations.title')}
      intro={t('invitations.intro')}
      empty={t('invitations.empty')}
      loadError={t('invitations.loadError')}
      query={useInvitations()}
    >
      {(invitation) => <InvitationItem invitation={invitation} />}
    </PagedSection>
  );
}
