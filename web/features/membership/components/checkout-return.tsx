import { useQuery } from '@tanstack/react-query';
import { CheckCircle2Icon, ClockIcon, Loader2Icon, RotateCwIcon, XCircleIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent } from '../../../components/ui/card.tsx';
import { Progress } from '../../../components/ui/progress.tsx';
import { paths } from '../../../config/paths.ts';
import { useAccessToken } from '../../../lib/access-token.tsx';
import { formatDay } from '../../../lib/format.ts';
import { useSignedInUserId } from '../../../lib/signed-in-user.tsx';
import { getMembershipQueryOptions } from '../api/get-membership.ts';

function ToPayments({ label }: { label: string }) {
  return (
    <Button asChild variant="outline" className="w-fit">
      <Link to={paths.clinicPayments}>{label}</Link>
    </Button>
  );
}

/**
 * Where Stripe's Checkout returns after paying. The payment is marked paid by Stripe's webhook, which
 * can come a few seconds later: the page asks again every `pollMs` until the year is paid, and after
 * `timeoutMs` says that the confirmation is late and where it will show, rather than waiting forever.
 */
export function CheckoutSuccess({ pollMs = 2000, timeoutMs = 60_000 }: { pollMs?: number; timeoutMs?: number }) {
  const { t } = useTranslation('payments');
  const [startedAt] = useState(() => Date.now());
  const [late, setLate] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setLate(true), timeoutMs);
    return () => clearTimeout(timer);
  }, [timeoutMs]);
  const membership = useQuery({
    ...getMembershipQueryOptions(useSignedInUserId(), useAccessToken()),
    staleTime: 0,
    refetchInterval: (query) => (late || query.state.data?.due.status === 'paid' ? false : pollMs),
  });
  const due = membership.data?.due;

  if (due?.status === 'paid') {
    return (
      <Card>
        <CardContent className="grid gap-4 pt-6">
          <p role="status" className="flex items-start gap-3 font-medium">
            <CheckCircle2Icon className="size-6 shrink-0 text-success" aria-hidden />
            {t('checkout.success.paid', { year: due.year, date: due.validThrough ? formatDay(due.validThrough) : '' })}
          </p>
          <ToPayments label={t('year.toPayments')} />
        </CardContent>
      </Card>
    );
  }
  if (late) {
    return (
      <Card>
        <CardContent className="grid gap-4 pt-6">
          <p role="status" className="flex items-start gap-3">
            <ClockIcon className="size-6 shrink-0 text-muted-foreground" aria-hidden />
            {t('checkout.success.late')}
          </p>
          <div className="flex flex-wrap gap-3">
            <Button onClick={() => void membership.refetch()} pending={membership.isFetching}>
              <RotateCwIcon aria-hidden />
              {t('checkout.success.checkAgain')}
            </Button>
            <ToPayments label={t('year.toPayments')} />
          </div>
        </CardContent>
      </Card>
    );
  }
  const elapsed = membership.dataUpdatedAt ? Math.min(membership.dataUpdatedAt - startedAt, timeoutMs) : 0;
  return (
    <Card>
      <CardContent className="grid gap-4 pt-6">
        <p role="status" className="flex items-center gap-3 font-medium">
          <Loader2Icon className="size-6 shrink-0 animate-spin text-primary motion-reduce:animate-none" aria-hidden />
          {t('checkout.success.confirming')}
        </p>
        <p className="text-sm text-muted-foreground">{t('checkout.success.confirmingText')}</p>
        <Progress value={elapsed} max={timeoutMs} aria-label={t('checkout.success.progress')} />
      </CardContent>
    </Card>
  );
}

/** Where Stripe's Checkout returns when the clinic turned back: nothing was charged, the plans are one click away. */
export function CheckoutCancelled() {
  const { t } = useTranslation('payments');
  return (
    <Card>
      <CardContent className="grid gap-4 pt-6">
        <p role="status" className="flex items-start gap-3 font-medium">
          <XCircleIcon className="size-6 shrink-0 text-muted-foreground" aria-hidden />
          {t('checkout.cancelled.text')}
        </p>
        <ToPayments label={t('checkout.cancelled.back')} />
      </CardContent>
    </Card>
  );
}
