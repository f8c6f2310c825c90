import { CalendarClockIcon, RefreshCwIcon, SendIcon } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ClinicOwnProfile, RenewalSubmission } from '../../../../contracts/clinic-area.ts';
import { CRITERIA_IDS, type CriterionId } from '../../../../contracts/constants.ts';
import { DialogFormFooter } from '../../../components/dialog-form-footer.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../../../components/ui/dialog.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { apiErrorMessage } from '../../../lib/api-client.ts';
import { formatDate } from '../../../lib/format.ts';
import { toast } from '../../../lib/toast.ts';
import { useSubmitRenewal } from '../api/submit-renewal.ts';

const NONE_CONFIRMED = Object.fromEntries(CRITERIA_IDS.map((id) => [id, false])) as Record<CriterionId, boolean>;

/** The criteria confirmed anew for next year: they start unticked, whatever was confirmed last year. */
function RenewalDialog({ onSent }: { onSent: () => void }) {
  const { t } = useTranslation(['clinicArea', 'validation']);
  const formId = useId();
  const [confirmed, setConfirmed] = useState(NONE_CONFIRMED);
  const [error, setError] = useState<string | null>(null);
  const renew = useSubmitRenewal({
    onSuccess: () => {
      toast({ title: t('clinicArea:renewal.sentToast'), variant: 'success' });
      onSent();
    },
    onError: (failure) =>
      toast({
        title: t('clinicArea:renewal.errorToast'),
        description: apiErrorMessage(failure),
        variant: 'destructive',
      }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!CRITERIA_IDS.every((id) => confirmed[id])) {
      setError(t('validation:criteriaRequired'));
      return;
    }
    renew.mutate({ criteria: confirmed } as RenewalSubmission);
  };
  return (
    <DialogContent closeLabel={t('clinicArea:dialog.close')}>
      <DialogHeader>
        <DialogTitle>{t('clinicArea:renewal.dialog.title')}</DialogTitle>
        <DialogDescription>{t('clinicArea:renewal.dialog.description')}</DialogDescription>
      </DialogHeader>
      <form onSubmit={submit} className="grid gap-4" noValidate>
        <fieldset className="grid gap-3" aria-describedby={error ? `${formId}-error` : undefined}>
          <legend className="mb-1 font-semibold">{t('clinicArea:application.info.criteria.title')}</legend>
          {CRITERIA_IDS.map((id) => (
            <div key={id} className="flex items-start gap-3">
              <Checkbox
                id={`${formId}-${id}`}
                checked={confirmed[id]}
                onCheckedChange={(checked) => {
                  setConfirmed((current) => ({ ...current, [id]: checked === true }));
                  setError(null);
                }}
                className="mt-0.5"
              />
              <Label htmlFor={`${formId}-${id}`} className="leading-snug font-normal">
                {t(`clinicArea:application.info.criteria.${id}`)}
              </Label>
            </div>
          ))}
          {error ? (
            <p id={`${formId}-error`} role="alert" className="text-sm text-destructive">
              {error}
            </p>
          ) : null}
        </fieldset>
        <DialogFormFooter
          cancelLabel={t('clinicArea:application.info.dialog.cancel')}
          submitLabel={t('clinicArea:renewal.dialog.submit')}
          submittingLabel={t('clinicArea:renewal.dialog.submitting')}
          submitting={renew.isPending}
          icon={<SendIcon aria-hidden />}
        />
      </form>
    </DialogContent>
  );
}

/**
 * Issue 9: from 1 November (phase renewal_open) the overview offers renewal for next year, again after
 * a denied renewal; then it says the renewal is being reviewed (renewal_sent). The admin's decision on
 * it, with a denial's reason, is the latest decision's to tell (latest-decision-card.tsx).
 */
export function RenewalCard({ profile }: { profile: ClinicOwnProfile }) {
  const { t } = useTranslation('clinicArea');
  const [open, setOpen] = useState(false);
  const { phase, renewal, certificate } = profile;
  if (!certificate || (phase !== 'renewal_open' && phase !== 'renewal_sent')) return null;
  const nextYear = Number(certificate.validTo.slice(0, 4)) + 1;

  return (
    <Card className="lg:col-span-2">
      <CardHeader>
        <CardTitle as="h2">{t('renewal.title', { year: nextYear })}</CardTitle>
        <CardDescription>{t('renewal.description', { validTo: certificate.validTo })}</CardDescription>
      </CardHeader>
      <CardContent>
        {phase === 'renewal_sent' && renewal?.submittedAt ? (
          <p className="flex gap-2 text-sm">
            <CalendarClockIcon className="size-5 shrink-0 text-primary" aria-hidden />
            {t('renewal.submitted', { date: formatDate(renewal.submittedAt) })}
          </p>
        ) : (
          <Dialog open={open} onOpenChange={setOpen}>
            <DialogTrigger asChild>
              <Button className="w-fit">
                <RefreshCwIcon aria-hidden />
                {t('renewal.action', { year: nextYear })}
              </Button>
            </DialogTrigger>
            <RenewalDialog onSent={() => setOpen(false)} />
          </Dialog>
        )}
      </CardContent>
    </Card>
  );
}
