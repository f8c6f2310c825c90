import { BadgeCheckIcon, CircleXIcon, ClockIcon, FilePenIcon, type LucideIcon, SendIcon } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type ApplicationPhase,
  type ApplicationRequirement,
  type ClinicOwnProfile,
  missingForSubmission,
} from '../../../../contracts/clinic-area.ts';
import { useTreatmentName } from '../../../components/treatment-list.tsx';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '../../../components/ui/alert-dialog.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { apiErrorMessage } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import { formatDate } from '../../../lib/format.ts';
import { toast } from '../../../lib/toast.ts';
import { listInWords } from '../../../lib/treatments.ts';
import { useSubmitApplication } from '../api/submit-application.ts';
import { visibilityState } from '../lib/visibility.ts';

type ApplicationState = 'draft' | 'received' | 'approved' | 'denied';

/**
 * The server's phase (decision 024), where the original product always showed 'Ansökan påbörjad'. A
 * lapsed certificate or a withdrawn certification leaves an application to send in again.
 */
const APPLICATION_STATES: Record<ApplicationPhase, ApplicationState> = {
  draft: 'draft',
  expired: 'draft',
  sent_in: 'received',
  denied: 'denied',
  withdrawn: 'denied',
  certified: 'approved',
  renewal_open: 'approved',
  renewal_sent: 'approved',
  suspended: 'approved',
};

const STATE_STYLES: Record<ApplicationState, { icon: LucideIcon; box: string; iconClass: string }> = {
  draft: { icon: FilePenIcon, box: 'border-accent-foreground/20 bg-accent text-accent-foreground', iconClass: '' },
  received: { icon: ClockIcon, box: 'border-primary/20 bg-secondary text-secondary-foreground', iconClass: '' },
  approved: { icon: BadgeCheckIcon, box: 'border-success/30 bg-success/10', iconClass: 'text-success' },
  denied: { icon: CircleXIcon, box: 'border-destructive/30 bg-destructive/10', iconClass: 'text-destructive' },
};

function StatusBox({ profile }: { profile: ClinicOwnProfile }) {
  const { t } = useTranslation('clinicArea');
  const state = APPLICATION_STATES[profile.phase];
  const { icon: Icon, box, iconClass } = STATE_STYLES[state];
  const date =
    state === 'received'
      ? profile.submittedAt
      : state === 'approved'
        ? (profile.decidedAt ?? profile.certifiedAt)
        : null;
  return (
    <div className={cn('flex gap-4 rounded-lg border p-5', box)}>
      <Icon className={cn('mt-0.5 size-6 shrink-0', iconClass)} aria-hidden />
      <div className="grid gap-2">
        <p className="font-semibold">{t(`application.status.${state}.title`)}</p>
        <p className="text-sm">{t(`application.status.${state}.text`, { date: date ? formatDate(date) : '' })}</p>
        {state === 'denied' ? (
          <>
            <p className="text-sm">
              <span className="font-semibold">{t('application.status.denied.reason')}</span>{' '}
              {profile.denialReason ?? t('application.status.denied.noReason')}
            </p>
            <p className="text-sm">{t('application.status.denied.howToFix')}</p>
          </>
        ) : null}
      </div>
    </div>
  );
}

/** What is sent in, as the last confirmation lists it (issue 28). */
function SubmissionSummary({ profile }: { profile: ClinicOwnProfile }) {
  const { t } = useTranslation('clinicArea');
  const treatmentName = useTreatmentName();
  const rows: [string, string][] = [
    ['fullName', profile.fullName],
    ['companyName', profile.companyName ?? ''],
    ['orgNumber', profile.orgNumber ?? ''],
    ['city', profile.city ?? ''],
    ['treatments', listInWords(profile.treatments.map(treatmentName))],
    ['documents', t('application.submit.confirm.documentCount', { count: profile.documentCount })],
    ['visibility', t(`visibility.states.${visibilityState(profile)}.title`)],
  ];
  return (
    <dl className="grid gap-2 rounded-lg border bg-muted/40 p-4 text-sm">
      {rows.map(([key, value]) => (
        <div key={key} className="grid gap-x-3 sm:grid-cols-[10rem_minmax(0,1fr)]">
          <dt className="text-muted-foreground">{t(`application.submit.confirm.${key}`)}</dt>
          <dd className="font-medium break-words">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * Sending the application in: possible once nothing is missing, while it is a draft or was denied, and
 * confirmed first with a summary of what is sent (issue 28). Each missing thing leads to its field
 * (`onGoTo`). The server decides again (409 with what is missing); the button only mirrors it.
 */
function SubmitApplication({
  profile,
  onGoTo,
}: {
  profile: ClinicOwnProfile;
  onGoTo: (requirement: ApplicationRequirement) => void;
}) {
  const { t } = useTranslation('clinicArea');
  const missingId = useId();
  const submit = useSubmitApplication({
    onSuccess: () =>
      toast({ title: t('toasts.submitted.title'), description: t('toasts.submitted.description'), variant: 'success' }),
    onError: (error) =>
      toast({ title: t('toasts.submitError'), description: apiErrorMessage(error), variant: 'destructive' }),
  });
  const state = APPLICATION_STATES[profile.phase];
  if (state === 'received' || state === 'approved') return null;

  const missing = missingForSubmission(profile);
  return (
    <div className="grid gap-3 border-t pt-5">
      {missing.length > 0 ? (
        <div id={missingId} className="text-sm">
          <p className="font-medium">{t('application.submit.missingIntro')}</p>
          <p className="text-muted-foreground">{t('application.submit.missingHint')}</p>
          <ul className="mt-2 list-disc space-y-1 pl-5 text-muted-foreground">
            {missing.map((requirement) => (
              <li key={requirement}>
                <button
                  type="button"
                  className="text-left font-medium text-primary underline underline-offset-4 hover:no-underline"
                  onClick={() => onGoTo(requirement)}
                >
                  {t(`application.submit.missing.${requirement}`)}
                </button>
              </li>
            ))}
          </ul>
        </div>
      ) : (
        <p className="text-sm text-muted-foreground">{t('application.submit.ready')}</p>
      )}
      <AlertDialog>
        <AlertDialogTrigger asChild>
          <Button
            className="w-fit"
            disabled={missing.length > 0 || submit.isPending}
            aria-describedby={missing.length > 0 ? missingId : undefined}
          >
            <SendIcon aria-hidden />
            {submit.isPending ? t('application.submit.submitting') : t('application.submit.action')}
          </Button>
        </AlertDialogTrigger>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>{t('application.submit.confirm.title')}</AlertDialogTitle>
            <AlertDialogDescription>{t('application.submit.confirm.description')}</AlertDialogDescription>
          </AlertDialogHeader>
          <SubmissionSummary profile={profile} />
          <AlertDialogFooter>
            <AlertDialogCancel>{t('application.submit.confirm.cancel')}</AlertDialogCancel>
            <AlertDialogAction onClick={() => submit.mutate()}>
              <SendIcon aria-hidden />
              {t('application.submit.confirm.send')}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </div>
  );
}

/** 'Status för din certifiering': where the application stands, and sending it in. */
export function ApplicationStatusCard({
  profile,
  onGoTo,
}: {
  profile: ClinicOwnProfile;
  onGoTo: (requirement: ApplicationRequirement) => void;
}) {
  const { t } = useTranslation('clinicArea');
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{t('application.status.title')}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-5">
        <StatusBox profile={profile} />
        <SubmitApplication profile={profile} onGoTo={onGoTo} />
      </CardContent>
    </Card>
  );
}
