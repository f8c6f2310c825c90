import {
  BuildingIcon,
  CheckIcon,
  CreditCardIcon,
  GiftIcon,
  type LucideIcon,
  ReceiptTextIcon,
  UserIcon,
} from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FREE_TRIAL_DAYS } from '../../../../contracts/constants.ts';
import {
  type ClinicMembership,
  formatOre,
  formatPriceOre,
  type MembershipPlan,
  priceWithVat,
} from '../../../../contracts/payments.ts';
import { Button } from '../../../components/ui/button.tsx';
import { apiErrorMessage } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { useLocalizedText } from '../../../lib/use-localized-text.ts';
import { useOrderMembership } from '../api/order-membership.ts';
import { goToCheckout } from '../lib/checkout.ts';

const PLAN_ICONS: Record<string, LucideIcon> = { individual: UserIcon, company: BuildingIcon };

/** SPEC section 9: the page starts on the company plan (or the first one sold, should it no longer be). */
const DEFAULT_PLAN_CODE = 'company';
const defaultPlanId = (plans: MembershipPlan[]) =>
  (plans.find((plan) => plan.code === DEFAULT_PLAN_CODE) ?? plans[0])?.id ?? null;

/**
 * SPEC section 2 "Payments" with real payments (issue 25): choose a plan from the server's list, see
 * its VAT and the sum to pay, then order an invoice or go on to Stripe's Checkout, as the installation
 * takes payment. The toasts say how an order went; the page above shows the year's new status.
 */
export function MembershipPlans({ membership }: { membership: ClinicMembership }) {
  const { t } = useTranslation('payments');
  const localized = useLocalizedText();
  const idPrefix = useId();
  const { plans, provider } = membership;
  const [selected, setSelected] = useState(() => defaultPlanId(plans));
  const selectedPlan = plans.find((plan) => plan.id === selected);
  const order = useOrderMembership({
    onSuccess: (result) => {
      if (result.provider === 'stripe') goToCheckout(result.checkoutUrl);
      else
        toast({
          title: t('toasts.invoiceOrdered.title'),
          description: t('toasts.invoiceOrdered.description', {
            number: result.payment.number,
            email: result.payment.buyer.email,
          }),
          variant: 'success',
        });
    },
    onError: (error) =>
      toast({ title: t('toasts.orderError'), description: apiErrorMessage(error), variant: 'destructive' }),
  });
  // On its way to Stripe, the page stays busy until the browser has left.
  const pending = order.isPending || order.data?.provider === 'stripe';
  const PayIcon = provider === 'stripe' ? CreditCardIcon : ReceiptTextIcon;

  if (plans.length === 0) return <p className="text-muted-foreground">{t('plans.none')}</p>;
  return (
    <div className="grid gap-6">
      <fieldset disabled={pending}>
        <legend className="text-lg font-semibold">{t('plans.choose')}</legend>
        <div className="mt-4 grid gap-4 md:grid-cols-2">
          {plans.map((plan) => {
            const Icon = PLAN_ICONS[plan.code] ?? CreditCardIcon;
            const { vatOre, totalOre } = priceWithVat(plan.priceOre, plan.vatPercent);
            const isSelected = selected === plan.id;
            return (
              <label
                key={plan.id}
                className="relative flex cursor-pointer flex-col gap-4 rounded-lg border-2 bg-card p-6 shadow-sm transition-colors hover:border-primary/50 has-checked:border-primary has-checked:bg-secondary/40 has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-ring"
              >
                {/* The native radio covers its card, invisible: it keeps the keyboard and screen reader behaviour. */}
                <input
                  type="radio"
                  name="membership-plan"
                  value={plan.id}
                  checked={isSelected}
                  onChange={() => setSelected(plan.id)}
                  aria-labelledby={`${idPrefix}-${plan.id}-name`}
                  aria-describedby={`${idPrefix}-${plan.id}-details`}
                  className="absolute inset-0 cursor-pointer appearance-none rounded-lg opacity-0 focus-visible:outline-none"
                />
                <span className="flex items-center justify-between gap-3">
                  <span className="flex items-center gap-3">
                    <Icon className="size-10 rounded-lg bg-secondary p-2 text-secondary-foreground" aria-hidden />
                    <span id={`${idPrefix}-${plan.id}-name`} className="text-lg font-semibold">
                      {localized(plan.name)}
                    </span>
                  </span>
                  {isSelected ? (
                    <span
                      className="inline-flex items-center gap-1 rounded-full bg-primary px-2.5 py-0.5 text-xs font-semibold text-primary-foreground"
                      aria-hidden
                    >
                      <CheckIcon className="size-3.5" />
                      {t('plans.selected')}
                    </span>
                  ) : null}
                </span>
                <span id={`${idPrefix}-${plan.id}-details`} className="grid gap-2">
                  <span>
                    <span className="text-3xl font-bold tracking-tight">{formatPriceOre(plan.priceOre)}</span>{' '}
                    <span className="text-sm text-muted-foreground">{t('plans.perYear')}</span>
                  </span>
                  <span className="text-sm tabular-nums">
                    {t('plans.breakdown', {
                      percent: plan.vatPercent,
                      vat: formatOre(vatOre),
                      total: formatOre(totalOre),
                    })}
                  </span>
                  <span className="text-sm text-muted-foreground">{localized(plan.description)}</span>
                </span>
              </label>
            );
          })}
        </div>
      </fieldset>

      <p className="flex items-start gap-3 rounded-lg border border-success/30 bg-success/10 p-4 text-sm">
        <GiftIcon className="size-5 shrink-0 text-success" aria-hidden />
        {t('plans.trial', { days: FREE_TRIAL_DAYS })}
      </p>

      {selectedPlan ? (
        <div className="grid justify-items-start gap-3">
          <p className="max-w-2xl text-sm text-muted-foreground">
            {t(`pay.${provider}.text`, { days: membership.invoiceDueDays })}
          </p>
          <Button size="lg" pending={pending} onClick={() => order.mutate({ planId: selectedPlan.id })}>
            <PayIcon aria-hidden />
            {pending
              ? t(`pay.${provider}.pending`)
              : t(`pay.${provider}.button`, { plan: localized(selectedPlan.name) })}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
