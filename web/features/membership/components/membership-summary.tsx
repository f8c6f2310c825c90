import { CreditCardIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { paths } from '../../../config/paths.ts';
import { useMembership } from '../api/get-membership.ts';
import { isPayable, paymentOfYear } from '../lib/year-payment.ts';
import { MembershipYearCard } from './membership-year-card.tsx';

function ToPayments() {
  const { t } = useTranslation('payments');
  return (
    <Button asChild className="w-fit">
      <Link to={paths.clinicPayments}>
        <CreditCardIcon aria-hidden />
        {t('year.toPayments')}
      </Link>
    </Button>
  );
}

/** The overview's card: the membership of the year to pay, and the way to the payments page. */
export function MembershipSummaryCard() {
  const { t } = useTranslation('payments');
  const membership = useMembership();
  // A failed load has said so in its toast; the payments page has the retry.
  if (!membership.data) return membership.isError ? null : <Skeleton className="h-56 rounded-lg" />;
  const { due, payments } = membership.data;
  return (
    <MembershipYearCard
      title={t('year.due', { year: due.year })}
      membership={due}
      payment={paymentOfYear(payments, due)}
      action={<ToPayments />}
    />
  );
}

/**
 * On the application page, while the year to send in for is neither paid nor invoiced (the server
 * refuses sending in then: membership_required): what to do first, and where.
 */
export function MembershipHint() {
  const { t } = useTranslation('payments');
  const due = useMembership().data?.due;
  if (!due || !isPayable(due)) return null;
  return (
    <Card className="border-accent bg-accent/30">
      <CardHeader>
        <CardTitle as="h2">{t('hint.title')}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        <p className="text-sm">{t('hint.text', { year: due.year })}</p>
        <ToPayments />
      </CardContent>
    </Card>
  );
}
