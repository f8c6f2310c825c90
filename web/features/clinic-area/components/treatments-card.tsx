import { SaveIcon } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ClinicOwnProfile } from '../../../../contracts/clinic-area.ts';
import { TREATMENT_IDS, TREATMENTS, type TreatmentId } from '../../../../contracts/treatments.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { FieldError } from '../../../components/ui/field.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { ApiRequestError, apiErrorMessage } from '../../../lib/api-client.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { toast } from '../../../lib/toast.ts';
import { useUpdateApplicationInfo } from '../api/update-application-info.ts';
import { isReviewLocked } from '../lib/change-request.ts';
import { listInWords } from '../../../lib/treatments.ts';

/**
 * One checkbox per treatment of the catalogue: its name as the label, its plain description and the
 * legal requirements it triggers as the checkbox's description, so a screen reader reads all three.
 */
export function TreatmentPicker({
  chosen,
  onChange,
  errorId,
}: {
  chosen: readonly TreatmentId[];
  onChange: (treatments: TreatmentId[]) => void;
  /** The id of the error shown under the picker, if any. */
  errorId?: string;
}) {
  const { t } = useTranslation('clinicArea');
  const id = useId();
  const language = currentLanguage();
  const toggle = (treatment: TreatmentId, checked: boolean) =>
    onChange(TREATMENT_IDS.filter((other) => (other === treatment ? checked : chosen.includes(other))));
  return (
    <fieldset className="grid gap-4" aria-describedby={errorId}>
      <legend className="mb-3 font-semibold">{t('treatments.legend')}</legend>
      <ul className="grid gap-4 sm:grid-cols-2">
        {TREATMENT_IDS.map((treatment) => {
          const { name, description, requirements } = TREATMENTS[treatment];
          const boxId = `${id}-${treatment}`;
          return (
            <li key={treatment} className="flex items-start gap-3">
              <Checkbox
                id={boxId}
                name="treatments"
                value={treatment}
                checked={chosen.includes(treatment)}
                onCheckedChange={(checked) => toggle(treatment, checked === true)}
                aria-describedby={`${boxId}-about`}
                className="mt-0.5"
              />
              <div className="grid gap-1">
                <Label htmlFor={boxId} className="leading-snug">
                  {name[language]}
                </Label>
                <div id={`${boxId}-about`} className="grid gap-1 text-sm text-muted-foreground">
                  <p>{description[language]}</p>
                  <p>
                    {t('treatments.requires', {
                      requirements: listInWords(
                        requirements.map((requirement) => t(`treatments.requirement.${requirement}`)),
                      ),
                    })}
                  </p>
                </div>
              </div>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}

/**
 * 'Behandlingar': the treatments the clinic asks its certificate to cover (issue 22). Its request,
 * saved at once even when sent in or certified: the admin sets the certificate's scope.
 */
export function TreatmentsCard({ profile }: { profile: ClinicOwnProfile }) {
  const { t } = useTranslation('clinicArea');
  const errorId = useId();
  const save = useUpdateApplicationInfo();
  const [chosen, setChosen] = useState<TreatmentId[]>(profile.treatments);
  const [error, setError] = useState<string | null>(null);
  const changed = chosen.join() !== profile.treatments.join();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      await save.mutateAsync({ treatments: chosen });
      toast({ title: t('toasts.treatmentsSaved'), variant: 'success' });
    } catch (failure) {
      const issue = failure instanceof ApiRequestError ? failure.issues[0] : undefined;
      setError(issue?.message ?? apiErrorMessage(failure));
      toast({ title: t('toasts.saveError'), description: apiErrorMessage(failure), variant: 'destructive' });
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{t('treatments.title')}</CardTitle>
        <CardDescription>{t('treatments.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={onSubmit} className="grid gap-5">
          <TreatmentPicker chosen={chosen} onChange={setChosen} errorId={error ? errorId : undefined} />
          <FieldError id={errorId}>{error}</FieldError>
          {isReviewLocked(profile) ? (
            <p className="text-sm text-muted-foreground">{t('treatments.appliesAtOnce')}</p>
          ) : null}
          <Button type="submit" className="w-fit" disabled={!changed} pending={save.isPending}>
            <SaveIcon aria-hidden />
            {save.isPending ? t('treatments.saving') : t('treatments.save')}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
