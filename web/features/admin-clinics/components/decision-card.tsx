import { CheckIcon, PauseCircleIcon, PlayCircleIcon, XIcon } from 'lucide-react';
import { type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApplicationPhase, ClinicOwnProfile } from '../../../../contracts/clinic-area.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { formatDate, formatDateTime } from '../../../lib/format.ts';
import { toast } from '../../../lib/toast.ts';
import type { FactKind } from '../../../../contracts/facts.ts';
import { useApproveApplication } from '../api/approve-application.ts';
import { isSuspendable } from '../lib/certificate-phase.ts';
import { decisionOfLastSubmission } from '../lib/last-decision.ts';
import { factKindsInWords, refusalInWords, unverifiedFactsOf } from '../lib/fact-words.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { DenyApplicationDialog } from './deny-application-dialog.tsx';
import { ReinstateClinicDialog } from './reinstate-clinic-dialog.tsx';
import { SuspendClinicDialog } from './suspend-clinic-dialog.tsx';
import { ApplicationStatusBadge, VisibilityBadge } from './status-badges.tsx';

/** The phases (decision 024) that wait for the admin's decision: an application or a renewal sent in. */
type DecidablePhase = 'sent_in' | 'renewal_sent';
const isDecidable = (phase: ApplicationPhase): phase is DecidablePhase =>
  phase === 'sent_in' || phase === 'renewal_sent';

/** Why there is nothing to decide: not sent in (again) yet, denied or withdrawn, certified, or suspended. */
const CLOSED_REASONS: Record<
  Exclude<ApplicationPhase, DecidablePhase>,
  'draft' | 'denied' | 'approved' | 'suspended'
> = {
  draft: 'draft',
  expired: 'draft',
  denied: 'denied',
  withdrawn: 'denied',
  certified: 'approved',
  renewal_open: 'approved',
  suspended: 'suspended',
};

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-2">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="font-medium">{children}</dd>
    </div>
  );
}

/**
 * Where the application stands and, once it has been sent in, the decision: approve, after a confirmation (refused, with the
 * facts still to verify, until every fact the chosen treatments need is verified), or deny with a
 * reason. A certified clinic's certificate is suspended or reinstated here. `onDecided` runs only
 * while the page is still open (the toasts run regardless).
 */
export function DecisionCard({ clinic, onDecided }: { clinic: ClinicOwnProfile; onDecided: () => void }) {
  const { t } = useTranslation('admin');
  const [denying, setDenying] = useState(false);
  const [suspending, setSuspending] = useState(false);
  const [reinstating, setReinstating] = useState(false);
  /** The facts an approval was refused for (409 facts_unverified), until the next try. */
  const [unverified, setUnverified] = useState<FactKind[] | null>(null);
  const [approving, setApproving] = useState(false);
  const { phase } = clinic;
  const renewal = phase === 'renewal_sent';
  const decidedAt = decisionOfLastSubmission(clinic);
  const approveButton = useRef<HTMLButtonElement>(null);
  const denyButton = useRef<HTMLButtonElement>(null);
  const certificateButton = useRef<HTMLButtonElement>(null);
  const approve = useApproveApplication({
    onSuccess: () => toast({ title: t('review.toasts.approved'), variant: 'success' }),
    onError: (error) => {
      setUnverified(unverifiedFactsOf(error));
      toast({
        title: t('review.toasts.approveError'),
        description: refusalInWords(t, error, 'review.decision.approveRefused'),
        variant: 'destructive',
      });
    },
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{t('review.decision.title')}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-5">
        <dl className="grid gap-3 text-sm">
          <Fact label={t('review.decision.status')}>
            <ApplicationStatusBadge status={clinic.applicationStatus} phase={clinic.phase} />
          </Fact>
          <Fact label={t('review.decision.sentIn')}>
            {clinic.submittedAt ? (
              <time dateTime={clinic.submittedAt}>{formatDateTime(clinic.submittedAt)}</time>
            ) : (
              t('applications.notSentIn')
            )}
          </Fact>
          {clinic.certificate ? (
            <Fact label={t('review.decision.certificate')}>
              {t('review.decision.certificateValidTo', {
                number: clinic.certificate.number,
                date: clinic.certificate.validTo,
              })}
            </Fact>
          ) : null}
          {clinic.nextCertificate ? (
            <Fact label={t('review.decision.nextCertificate')}>
              {t('review.decision.certificateValidFrom', {
                number: clinic.nextCertificate.number,
                date: clinic.nextCertificate.validFrom,
              })}
            </Fact>
          ) : null}
          {clinic.renewal?.submittedAt ? (
            <Fact label={t('review.decision.renewalSentIn')}>
              <time dateTime={clinic.renewal.submittedAt}>{formatDateTime(clinic.renewal.submittedAt)}</time>
            </Fact>
          ) : null}
          {decidedAt ? (
            <Fact label={t('review.decision.decidedAt')}>
              <time dateTime={decidedAt}>{formatDateTime(decidedAt)}</time>
            </Fact>
          ) : null}
          {clinic.isCertified && clinic.certifiedAt ? (
            <Fact label={t('review.decision.certifiedAt')}>
              <time dateTime={clinic.certifiedAt}>{formatDate(clinic.certifiedAt)}</time>
            </Fact>
          ) : null}
          <Fact label={t('review.decision.visibility')}>
            <VisibilityBadge isPublic={clinic.isPublic} />
          </Fact>
        </dl>

        {clinic.suspension ? (
          <div className="grid gap-1 rounded-md border border-destructive/30 bg-destructive/5 p-3 text-sm">
            <p>
              <span className="font-medium">{t('review.decision.suspendedSince')}</span>{' '}
              <time dateTime={clinic.suspension.since}>{formatDateTime(clinic.suspension.since)}</time>
            </p>
            <p className="font-medium">{t('review.decision.suspensionReason')}</p>
            <p className="whitespace-pre-line">{clinic.suspension.reason}</p>
          </div>
        ) : null}

        {(phase === 'denied' || phase === 'withdrawn') && clinic.denialReason ? (
          <div className="rounded-md border border-destructive/30 bg-destructive/5 p-3 text-sm">
            <p className="font-medium">{t('review.decision.denialReason')}</p>
            <p className="mt-1 whitespace-pre-line">{clinic.denialReason}</p>
          </div>
        ) : null}

        {renewal ? <p className="text-sm">{t('review.decision.renewalText')}</p> : null}
        {isDecidable(phase) && unverified ? (
          <p role="alert" className="rounded-md border border-destructive/30 bg-destructive/5 p-3 text-sm">
            {t('review.decision.approveRefused', { list: factKindsInWords(t, unverified) })}
          </p>
        ) : null}
        {isDecidable(phase) ? (
          <div className="flex flex-wrap gap-2">
            <Button ref={approveButton} disabled={approve.isPending} onClick={() => setApproving(true)}>
              <CheckIcon aria-hidden />
              {approve.isPending ? t('review.decision.approving') : t('review.decision.approve')}
            </Button>
            <Button
              ref={denyButton}
              variant="outline"
              className="text-destructive hover:bg-destructive/10"
              disabled={approve.isPending}
              onClick={() => setDenying(true)}
            >
              <XIcon aria-hidden />
              {t('review.decision.deny')}
            </Button>
          </div>
        ) : (
          <p className="text-sm text-muted-foreground">{t(`review.decision.closed.${CLOSED_REASONS[phase]}`)}</p>
        )}
        {isSuspendable(phase) ? (
          <Button
            ref={certificateButton}
            variant="outline"
            className="w-fit text-destructive hover:bg-destructive/10"
            onClick={() => setSuspending(true)}
          >
            <PauseCircleIcon aria-hidden />
            {t('suspension.suspend')}
          </Button>
        ) : null}
        {phase === 'suspended' ? (
          <Button ref={certificateButton} variant="outline" className="w-fit" onClick={() => setReinstating(true)}>
            <PlayCircleIcon aria-hidden />
            {t('suspension.reinstate')}
          </Button>
        ) : null}
      </CardContent>
      {/* Approving certifies the clinic at once, so it asks first, as denying does (issue 28). */}
      <ConfirmDialog
        open={approving}
        onOpenChange={setApproving}
        onCloseAutoFocus={() => approveButton.current?.focus()}
        title={t('review.approve.title', { name: clinic.fullName })}
        description={t(renewal ? 'review.approve.renewalDescription' : 'review.approve.description')}
        cancel={t('dialog.cancel')}
        confirm={t('review.approve.confirm')}
        onConfirm={() => {
          setUnverified(null);
          approve.mutate({ clinicId: clinic.id }, { onSuccess: onDecided });
        }}
      />
      <SuspendClinicDialog
        clinic={clinic}
        open={suspending}
        onOpenChange={setSuspending}
        onCloseAutoFocus={() => certificateButton.current?.focus()}
      />
      <ReinstateClinicDialog
        clinic={clinic}
        open={reinstating}
        onOpenChange={setReinstating}
        onCloseAutoFocus={() => certificateButton.current?.focus()}
      />
      <DenyApplicationDialog
        clinic={clinic}
        open={denying}
        onOpenChange={setDenying}
        onCloseAutoFocus={() => denyButton.current?.focus()}
        onDenied={() => {
          setDenying(false);
          onDecided();
        }}
      />
    </Card>
  );
}
