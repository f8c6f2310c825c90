import { zodResolver } from '@hookform/resolvers/zod';
import { HandCoinsIcon } from 'lucide-react';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { type MembershipWaiver, MembershipWaiverSchema } from '../../../../contracts/payments.ts';
import { DialogFormFooter } from '../../../components/dialog-form-footer.tsx';
import { FormSelectField } from '../../../components/form-select-field.tsx';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog.tsx';
import { apiErrorMessage } from '../../../lib/api-client.ts';
import { setServerFieldErrors } from '../../../lib/form-errors.ts';
import { toast } from '../../../lib/toast.ts';
import { useWaiveMembership } from '../api/waive-membership.ts';
import type { ClinicDialogProps } from './clinic-dialog-props.ts';

/** The year as the select holds it; the contract checks the number. */
const WaiverFormSchema = MembershipWaiverSchema.extend({
  year: z
    .string()
    .regex(/^\d{4}$/, 'admin:waiver.yearRequired')
    .transform(Number)
    .pipe(MembershipWaiverSchema.shape.year),
});
type WaiverFormValues = z.input<typeof WaiverFormSchema>;

function WaiverForm({ clinic, onDone }: { clinic: ClinicDialogProps['clinic']; onDone: () => void }) {
  const { t } = useTranslation('admin');
  // This year (a new application) or the next (a renewal), or last year's late one.
  const thisYear = new Date().getFullYear();
  const years = [thisYear - 1, thisYear, thisYear + 1].map(String);
  const form = useForm<WaiverFormValues, unknown, MembershipWaiver>({
    resolver: zodResolver(WaiverFormSchema),
    defaultValues: { year: String(thisYear), reason: '' },
  });
  const waive = useWaiveMembership({
    onSuccess: (_, { year }) =>
      toast({ title: t('waiver.toasts.waived', { name: clinic.fullName, year }), variant: 'success' }),
    onError: (error) =>
      toast({ title: t('waiver.toasts.error'), description: apiErrorMessage(error), variant: 'destructive' }),
  });

  const submit = async (waiver: MembershipWaiver) => {
    try {
      await waive.mutateAsync({ clinicId: clinic.id, ...waiver });
      onDone();
    } catch (error) {
      setServerFieldErrors(error, ['year', 'reason'], form.setError);
    }
  };

  return (
    <form noValidate onSubmit={form.handleSubmit(submit)} className="grid gap-6">
      <FormSelectField
        control={form.control}
        name="year"
        label={t('waiver.year')}
        emptyLabel={t('waiver.yearRequired')}
        options={years.map((year) => ({ value: year, label: year }))}
      />
      <FormTextField
        control={form.control}
        name="reason"
        label={t('reason.label')}
        hint={t('waiver.hint')}
        rows={4}
        required
      />
      <DialogFormFooter
        cancelLabel={t('dialog.cancel')}
        submitLabel={t('waiver.submit')}
        submittingLabel={t('waiver.submitting')}
        submitting={form.formState.isSubmitting}
      />
    </form>
  );
}

/**
 * 'Undanta från betalning' (issue 25): lets the clinic send in for a year without a paid or invoiced
 * membership, with the reason, which the clinic's history keeps.
 */
export function MembershipWaiverCard({ clinic }: { clinic: ClinicDialogProps['clinic'] }) {
  const { t } = useTranslation('admin');
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{t('waiver.action')}</CardTitle>
        <CardDescription>{t('waiver.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <Button ref={button} variant="outline" onClick={() => setOpen(true)}>
          <HandCoinsIcon aria-hidden />
          {t('waiver.action')}
        </Button>
        <Dialog open={open} onOpenChange={setOpen}>
          <DialogContent
            closeLabel={t('dialog.close')}
            onCloseAutoFocus={(event) => {
              event.preventDefault();
              button.current?.focus();
            }}
          >
            <DialogHeader>
              <DialogTitle>{t('waiver.title', { name: clinic.fullName })}</DialogTitle>
              <DialogDescription>{t('waiver.description')}</DialogDescription>
            </DialogHeader>
            {/* Inside the content, so every opening starts afresh. */}
            <WaiverForm clinic={clinic} onDone={() => setOpen(false)} />
          </DialogContent>
        </Dialog>
      </CardContent>
    </Card>
  );
}
