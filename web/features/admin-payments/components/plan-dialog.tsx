import { zodResolver } from '@hookform/resolvers/zod';
import { SaveIcon } from 'lucide-react';
import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import {
  type MembershipPlan,
  type MembershipPlanUpdate,
  MembershipPlanUpdateSchema,
} from '../../../../contracts/payments.ts';
import { DialogFormFooter } from '../../../components/dialog-form-footer.tsx';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { apiErrorMessage } from '../../../lib/api-client.ts';
import { setServerFieldErrors } from '../../../lib/form-errors.ts';
import { toast } from '../../../lib/toast.ts';
import { useLocalizedText } from '../../../lib/use-localized-text.ts';
import { useUpdatePlan } from '../api/update-plan.ts';

const { priceOre, vatPercent } = MembershipPlanUpdateSchema.shape;

/**
 * The plan as the form holds it: the price in kronor as typed (`1990`, `1 990,50`), the VAT as typed;
 * both become the contract's whole numbers (öre, percent) and are checked by its rules.
 */
const PlanFormSchema = MembershipPlanUpdateSchema.extend({
  priceOre: z
    .string()
    .transform((kronor) => kronor.replace(/\s/g, '').replace(',', '.'))
    .refine((kronor) => /^\d+(\.\d{1,2})?$/.test(kronor), 'validation:priceInvalid')
    .transform((kronor) => Math.round(Number(kronor) * 100))
    .pipe(priceOre),
  vatPercent: z
    .string()
    .trim()
    .refine((percent) => /^\d+$/.test(percent), 'validation:vatInvalid')
    .transform(Number)
    .pipe(vatPercent),
});
type PlanFormValues = z.input<typeof PlanFormSchema>;

const kronorOf = (ore: number) => (ore / 100).toFixed(ore % 100 === 0 ? 0 : 2).replace('.', ',');

const valuesOf = (plan: MembershipPlan): PlanFormValues => ({
  name: plan.name,
  description: plan.description,
  priceOre: kronorOf(plan.priceOre),
  vatPercent: String(plan.vatPercent),
  active: plan.active,
});

const FIELDS = ['name', 'description', 'priceOre', 'vatPercent', 'active'] as const;

function PlanForm({ plan, onSaved }: { plan: MembershipPlan; onSaved: () => void }) {
  const { t } = useTranslation(['adminPayments', 'validation']);
  const localized = useLocalizedText();
  const activeId = useId();
  const form = useForm<PlanFormValues, unknown, MembershipPlanUpdate>({
    resolver: zodResolver(PlanFormSchema),
    defaultValues: valuesOf(plan),
  });
  const update = useUpdatePlan();

  const submit = async (values: MembershipPlanUpdate) => {
    try {
      const saved = await update.mutateAsync({ planId: plan.id, ...values });
      toast({ title: t('toasts.planSaved', { name: localized(saved.name) }), variant: 'success' });
      onSaved();
    } catch (error) {
      setServerFieldErrors(error, FIELDS, form.setError);
      toast({ title: t('toasts.planSaveError'), description: apiErrorMessage(error), variant: 'destructive' });
    }
  };

  return (
    <form noValidate onSubmit={form.handleSubmit(submit)} className="grid gap-5">
      <div className="grid gap-5 sm:grid-cols-2">
        <FormTextField control={form.control} name="name.sv" label={t('plans.dialog.nameSv')} required />
        <FormTextField control={form.control} name="name.en" label={t('plans.dialog.nameEn')} required />
        <FormTextField control={form.control} name="description.sv" label={t('plans.dialog.descriptionSv')} rows={3} />
        <FormTextField control={form.control} name="description.en" label={t('plans.dialog.descriptionEn')} rows={3} />
        <FormTextField
          control={form.control}
          name="priceOre"
          label={t('plans.dialog.price')}
          hint={t('plans.dialog.priceHint')}
          autoComplete="off"
          required
        />
        <FormTextField
          control={form.control}
          name="vatPercent"
          label={t('plans.dialog.vatPercent')}
          autoComplete="off"
          required
        />
      </div>
      <Controller
        name="active"
        control={form.control}
        render={({ field }) => (
          <div className="flex items-center gap-3">
            <Checkbox
              id={activeId}
              name={field.name}
              checked={field.value}
              onCheckedChange={(checked) => field.onChange(checked === true)}
              onBlur={field.onBlur}
              ref={field.ref}
            />
            <Label htmlFor={activeId} className="font-normal">
              {t('plans.dialog.active')}
            </Label>
          </div>
        )}
      />
      <DialogFormFooter
        cancelLabel={t('plans.dialog.cancel')}
        submitLabel={t('plans.dialog.submit')}
        submittingLabel={t('plans.dialog.submitting')}
        submitting={form.formState.isSubmitting}
        icon={<SaveIcon aria-hidden />}
      />
    </form>
  );
}

/** Edits a plan's names, descriptions, price (in kronor), VAT and whether it is sold (issue 25). */
export function PlanDialog({
  plan,
  name,
  onClose,
  onCloseAutoFocus,
}: {
  plan: MembershipPlan | null;
  /** The plan's name in the active language, for the title. */
  name: string;
  onClose: () => void;
  onCloseAutoFocus?: (event: Event) => void;
}) {
  const { t } = useTranslation('adminPayments');
  return (
    <Dialog open={plan !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent closeLabel={t('plans.dialog.close')} onCloseAutoFocus={onCloseAutoFocus} className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{t('plans.dialog.title', { name })}</DialogTitle>
          <DialogDescription>{t('plans.dialog.description')}</DialogDescription>
        </DialogHeader>
        {/* Inside the content, so every opening starts from the plan as saved. */}
        {plan ? <PlanForm plan={plan} onSaved={onClose} /> : null}
      </DialogContent>
    </Dialog>
  );
}
