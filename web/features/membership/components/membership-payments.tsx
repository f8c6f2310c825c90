import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/load-error.tsx';
import { ListSkeleton } from '../../../components/list-skeleton.tsx';
import { useMembership } from '../api/get-membership.ts';
import { isPayable, paymentOfYear } from '../lib/year-payment.ts';
import { MembershipPlans } from './membership-plans.tsx';
import { MembershipYearCard } from './membership-year-card.tsx';
import { PaymentsList } from './payments-list.tsx';

/**
 * The payments page (SPEC section 2 "Payments", issue 25): the year to pay and, during a renewal, this
 * year; the plans with their price and VAT while the year can be paid; then every payment.
 */
export function MembershipPayments() {
  const { t } = useTranslation('payments');
  const membership = useMembership();
  if (!membership.data) {
    return membership.isError ? (
      <LoadError message={t('loadError')} onRetry={() => void membership.refetch()} retrying={membership.isFetching} />
    ) : (
      <ListSkeleton rows={3} rowClassName="h-40" />
    );
  }
  const { due, current, payments } = membership.data;
  return (
    <div className="grid gap-8">
      <div className="grid gap-6 lg:grid-cols-2">
        <MembershipYearCard
          title={t('year.due', { year: due.year })}
          description={current ? t('year.renewal', { year: due.year }) : undefined}
          membership={due}
          payment={paymentOfYear(payments, due)}
        />
        {current ? (
          <MembershipYearCard
            title={t('year.current', { year: current.year })}
            membership={current}
            payment={paymentOfYear(payments, current)}
          />
        ) : null}
      </div>
      {isPayable(due) ? <MembershipPlans membership={membership.data} /> : null}
      <PaymentsList payments={payments} />
    </div>
  );
}
