import { zodResolver } from '@hookform/resolvers/zod';
import { SendIcon } from 'lucide-react';
import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type ReportForm as ReportFormValues, ReportFormSchema } from '../../../../contracts/customer-area.ts';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { apiErrorMessage } from '../../../lib/api-client.ts';
import { setServerFieldErrors } from '../../../lib/form-errors.ts';
import { toast } from '../../../lib/toast.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { useCreateReport } from '../api/create-report.ts';
import { SUGGESTION_MIN_LENGTH, useClinicSuggestions } from '../api/get-clinic-suggestions.ts';

const EMPTY: ReportFormValues = { clinicName: '', content: '' };
const SUGGESTION_DELAY_MS = 250;

/**
 * SPEC section 2 "Customer area", reports: the clinic's name and a description, both required. As
 * the name is typed, names from the register are suggested; a clinic outside it can be named too.
 */
export function ReportForm() {
  const { t } = useTranslation(['customerArea', 'validation']);
  const headingId = useId();
  const suggestionsId = useId();
  const form = useForm<ReportFormValues>({ resolver: zodResolver(ReportFormSchema), defaultValues: EMPTY });
  const clinicName = useWatch({ control: form.control, name: 'clinicName' }).trim();
  const settledName = useDebouncedValue(clinicName, SUGGESTION_DELAY_MS);
  const suggestions = useClinicSuggestions(settledName);
  const names = clinicName.length >= SUGGESTION_MIN_LENGTH ? (suggestions.data ?? []) : [];
  const create = useCreateReport({
    onSuccess: () =>
      toast({ title: t('reports.toasts.sent'), description: t('reports.toasts.sentDescription'), variant: 'success' }),
    onError: (error) =>
      toast({ title: t('reports.toasts.sendError'), description: apiErrorMessage(error), variant: 'destructive' }),
  });

  const submit = async (report: ReportFormValues) => {
    try {
      await create.mutateAsync(report);
      form.reset(EMPTY);
    } catch (error) {
      setServerFieldErrors(error, ['clinicName', 'content'], form.setError);
    }
  };

  const submitting = form.formState.isSubmitting;
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" id={headingId}>
          {t('reports.form.title')}
        </CardTitle>
        <CardDescription>{t('reports.form.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={form.handleSubmit(submit)} aria-labelledby={headingId} className="grid gap-5">
          <FormTextField
            control={form.control}
            name="clinicName"
            label={t('reports.form.clinicName')}
            hint={t('reports.form.clinicNameHint')}
            autoComplete="off"
            list={suggestionsId}
            required
          />
          <datalist id={suggestionsId}>
            {names.map((name) => (
              <option key={name} value={name} />
            ))}
          </datalist>
          <FormTextField
            control={form.control}
            name="content"
            label={t('reports.form.content')}
            hint={t('reports.form.contentHint')}
            rows={6}
            required
          />
          <Button type="submit" disabled={submitting} className="w-fit">
            <SendIcon aria-hidden />
            {submitting ? t('reports.form.submitting') : t('reports.form.submit')}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
