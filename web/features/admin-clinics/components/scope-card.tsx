import { CheckIcon, PencilIcon } from 'lucide-react';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { inCatalogueOrder, TREATMENT_IDS, type TreatmentId } from '../../../../contracts/treatments.ts';
import { DialogFormFooter } from '../../../components/dialog-form-footer.tsx';
import { TreatmentList } from '../../../components/treatment-list.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { toast } from '../../../lib/toast.ts';
import { useChangeScope } from '../api/change-scope.ts';
import { useClinicFacts } from '../api/get-clinic-facts.ts';
import { treatmentName } from '../../../lib/treatments.ts';
import { refusalInWords } from '../lib/fact-words.ts';

interface ScopeFormProps {
  clinicId: string;
  scope: TreatmentId[];
  chosen: TreatmentId[];
  onSaved: () => void;
}

/** Every treatment of the catalogue to tick; those the clinic chose are marked. Refusals show in words. */
function ScopeForm({ clinicId, scope, chosen, onSaved }: ScopeFormProps) {
  const { t } = useTranslation('admin');
  const formId = useId();
  const [selected, setSelected] = useState<TreatmentId[]>(scope);
  const [error, setError] = useState<string | null>(null);
  const change = useChangeScope({
    onSuccess: () => toast({ title: t('scope.toasts.changed'), variant: 'success' }),
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (selected.length === 0) {
      setError(t('scope.required'));
      return;
    }
    try {
      await change.mutateAsync({ clinicId, treatments: inCatalogueOrder(selected) });
      onSaved();
    } catch (failure) {
      setError(refusalInWords(t, failure));
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} className="grid gap-4" noValidate>
      <fieldset className="grid gap-3" aria-describedby={error ? `${formId}-error` : undefined}>
        <legend className="mb-1 font-semibold">{t('scope.legend')}</legend>
        {TREATMENT_IDS.map((id) => (
          <div key={id} className="flex items-start gap-3">
            <Checkbox
              id={`${formId}-${id}`}
              checked={selected.includes(id)}
              onCheckedChange={(checked) => {
                setSelected((current) =>
                  checked === true ? [...current, id] : current.filter((treatment) => treatment !== id),
                );
                setError(null);
              }}
              className="mt-0.5"
            />
            <Label htmlFor={`${formId}-${id}`} className="grid gap-0.5 leading-snug font-normal">
              {treatmentName(id)}
              {chosen.includes(id) ? <span className="text-xs text-muted-foreground">{t('scope.chosen')}</span> : null}
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
        cancelLabel={t('dialog.cancel')}
        submitLabel={t('scope.submit')}
        submittingLabel={t('scope.submitting')}
        submitting={change.isPending}
        icon={<CheckIcon aria-hidden />}
      />
    </form>
  );
}

/**
 * What a certified clinic's certificate covers (issue 22), by name, and the admin's change of it: only
 * to treatments whose facts are verified; the certificate's public history records the change.
 */
export function ScopeCard({ clinic }: { clinic: { id: string; fullName: string } }) {
  const { t } = useTranslation('admin');
  const facts = useClinicFacts(clinic.id);
  const [editing, setEditing] = useState(false);
  const changeButton = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const scope = facts.data?.scope;
  if (!facts.data || !scope) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" id={titleId}>
          {t('scope.title')}
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        {scope.length > 0 ? (
          <TreatmentList treatments={scope} aria-labelledby={titleId} />
        ) : (
          <p className="text-sm text-muted-foreground">{t('scope.none')}</p>
        )}
        <Button ref={changeButton} variant="outline" className="w-fit" onClick={() => setEditing(true)}>
          <PencilIcon aria-hidden />
          {t('scope.change')}
        </Button>
      </CardContent>
      <Dialog open={editing} onOpenChange={setEditing}>
        <DialogContent closeLabel={t('dialog.close')} onCloseAutoFocus={() => changeButton.current?.focus()}>
          <DialogHeader>
            <DialogTitle>{t('scope.dialogTitle', { name: clinic.fullName })}</DialogTitle>
            <DialogDescription>{t('scope.dialogDescription')}</DialogDescription>
          </DialogHeader>
          {/* Inside the content, so every opening starts from the scope as it is. */}
          <ScopeForm
            clinicId={clinic.id}
            scope={scope}
            chosen={facts.data.treatments}
            onSaved={() => setEditing(false)}
          />
        </DialogContent>
      </Dialog>
    </Card>
  );
}
