import { BuildingIcon, CheckIcon, GiftIcon, type LucideIcon, ReceiptTextIcon, UserIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  DEFAULT_MEMBERSHIP_PLAN,
  FREE_TRIAL_DAYS,
  MEMBERSHIP_PLANS,
  type MembershipPlanId,
} from '../../../../contracts/constants.ts';
import { Button } from '../../../components/ui/button.tsx';
import { supportConversationHref } from '../../../config/page-params.ts';
import { formatPrice } from '../lib/format.ts';

const PLAN_ICONS: Record<MembershipPlanId, LucideIcon> = { individual: UserIcon, company: BuildingIcon };

/**
 * SPEC section 2 "Payments": choose a plan, then pay. Paying in the app comes later: until then the
 * membership is paid by invoice, which the clinic orders in its support conversation (issue 28: no
 * button that leads nowhere, and no words from the payment provider's setup).
 */
export function MembershipPlans() {
  const { t } = useTranslation('clinicArea');
  const idPrefix = useId();
  const [selected, setSelected] = useState<MembershipPlanId>(DEFAULT_MEMBERSHIP_PLAN);

  return (
    <div className="grid gap-6">
      <fieldset>
        <legend className="text-lg font-semibold">{t('payments.choosePlan')}</legend>
        <div className="mt-4 grid gap-4 md:grid-cols-2">
          {MEMBERSHIP_PLANS.map(({ id, priceSek }) => {
            const Icon = PLAN_ICONS[id];
            return (
              <label
                key={id}
                className="relative flex cursor-pointer flex-col gap-4 rounded-lg border-2 bg-card p-6 shadow-sm transition-colors hover:border-primary/50 has-checked:border-primary has-checked:bg-secondary/40 has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-ring"
              >
                {/* The native radio covers its card, invisible: it keeps the keyboard and screen reader behaviour. */}
                <input
                  type="radio"
                  name="membership-plan"
                  value={id}
                  checked={selected === id}
                  onChange={() => setSelected(id)}
                  aria-labelledby={`${idPrefix}-${id}-name`}
                  aria-describedby={`${idPrefix}-${id}-details`}
                  className="absolute inset-0 cursor-pointer appearance-none rounded-lg opacity-0 focus-visible:outline-none"
                />
                <span className="flex items-center justify-between gap-3">
                  <span className="flex items-center gap-3">
                    <Icon className="size-10 rounded-lg bg-secondary p-2 text-secondary-foreground" aria-hidden />
                    <span id={`${idPrefix}-${id}-name`} className="text-lg font-semibold">
                      {t(`payments.plans.${id}.name`)}
                    </span>
                  </span>
                  {selected === id ? (
                    <span
                      className="inline-flex items-center gap-1 rounded-full bg-primary px-2.5 py-0.5 text-xs font-semibold text-primary-foreground"
                      aria-hidden
                    >
                      <CheckIcon className="size-3.5" />
                      {t('payments.selected')}
                    </span>
                  ) : null}
                </span>
                <span id={`${idPrefix}-${id}-details`} className="grid gap-2">
                  <span>
                    <span className="text-3xl font-bold tracking-tight">{formatPrice(priceSek)}</span>{' '}
                    <span className="text-sm text-muted-foreground">{t('payments.perYear')}</span>
                  </span>
                  <span className="text-sm text-muted-foreground">{t(`payments.plans.${id}.description`)}</span>
                </span>
              </label>
            );
          })}
        </div>
      </fieldset>

      <p className="flex items-start gap-3 rounded-lg border border-success/30 bg-success/10 p-4 text-sm">
        <GiftIcon className="size-5 shrink-0 text-success" aria-hidden />
        {t('payments.trial', { days: FREE_TRIAL_DAYS })}
      </p>

      <div className="grid justify-items-start gap-3">
        <p className="max-w-2xl text-sm text-muted-foreground">{t('payments.invoice')}</p>
        <Button asChild size="lg">
          <Link to={supportConversationHref('clinic')}>
            <ReceiptTextIcon aria-hidden />
            {t('payments.pay', { plan: t(`payments.plans.${selected}.name`) })}
          </Link>
        </Button>
      </div>
    </div>
  );
}
