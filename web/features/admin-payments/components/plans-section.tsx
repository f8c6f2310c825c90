import { PencilIcon } from 'lucide-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AuditEntry } from '../../../../contracts/admin.ts';
import { type AdminPlan, formatPriceOre, MembershipPlanSchema } from '../../../../contracts/payments.ts';
import { ListSkeleton } from '../../../components/list-skeleton.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useLocalizedText } from '../../../lib/use-localized-text.ts';
import { useAdminPlans } from '../api/get-plans.ts';
import { PlanDialog } from './plan-dialog.tsx';

/** What a plan's audit entry keeps before and after (server: the plan without its id); read defensively. */
const AuditedPlanSchema = MembershipPlanSchema.omit({ id: true }).partial();

/** One line per field the change touched: `Pris: 1 990 kr → 2 190 kr`. */
function useChangeLines() {
  const { t } = useTranslation('adminPayments');
  const localized = useLocalizedText();
  const yesNo = (value: boolean | undefined) => t(value ? 'plans.history.yes' : 'plans.history.no');
  return (entry: AuditEntry): string[] => {
    const before = AuditedPlanSchema.safeParse(entry.details.before);
    const after = AuditedPlanSchema.safeParse(entry.details.after);
    if (!before.success || !after.success) return [];
    const [was, is] = [before.data, after.data];
    const lines: string[] = [];
    if (was.name && is.name && JSON.stringify(was.name) !== JSON.stringify(is.name))
      lines.push(t('plans.history.name', { before: localized(was.name), after: localized(is.name) }));
    if (JSON.stringify(was.description) !== JSON.stringify(is.description)) lines.push(t('plans.history.description'));
    if (was.priceOre !== undefined && is.priceOre !== undefined && was.priceOre !== is.priceOre)
      lines.push(
        t('plans.history.priceOre', { before: formatPriceOre(was.priceOre), after: formatPriceOre(is.priceOre) }),
      );
    if (was.vatPercent !== is.vatPercent)
      lines.push(t('plans.history.vatPercent', { before: was.vatPercent, after: is.vatPercent }));
    if (was.active !== is.active)
      lines.push(t('plans.history.active', { before: yesNo(was.active), after: yesNo(is.active) }));
    return lines;
  };
}

function PlanHistory({ history }: { history: AuditEntry[] }) {
  const { t } = useTranslation('adminPayments');
  const changeLines = useChangeLines();
  return (
    <section className="grid gap-2">
      <h3 className="text-sm font-semibold">{t('plans.history.title')}</h3>
      {history.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('plans.history.empty')}</p>
      ) : (
        <ol className="grid gap-3 border-l pl-4">
          {history.map((entry) => (
            <li key={entry.id} className="grid gap-0.5 text-sm">
              <p className="text-xs text-muted-foreground">
                {entry.actor?.fullName || t('plans.history.unknownActor')} ·{' '}
                <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
              </p>
              {changeLines(entry).map((line) => (
                <p key={line}>{line}</p>
              ))}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/**
 * The membership plans an admin prices (issue 25): each with its price, VAT and whether it is sold,
 * edited in a dialog, and its history of changes (who, when, before → after).
 */
export function PlansSection() {
  const { t } = useTranslation('adminPayments');
  const localized = useLocalizedText();
  const plans = useAdminPlans();
  const [editing, setEditing] = useState<AdminPlan | null>(null);
  // The button the dialog was opened from gets focus back; the state is already cleared by then.
  const editButton = useRef<HTMLElement | null>(null);

  let content;
  if (!plans.data) {
    content = plans.isError ? (
      <LoadError message={t('plans.loadError')} onRetry={() => void plans.refetch()} retrying={plans.isFetching} />
    ) : (
      <ListSkeleton rows={2} rowClassName="h-48" />
    );
  } else {
    content = (
      <div className="grid gap-6 lg:grid-cols-2">
        {plans.data.map((plan) => (
          <Card key={plan.id}>
            <CardHeader>
              <div className="flex flex-wrap items-center justify-between gap-2">
                <CardTitle as="h3">
                  {plan.name.sv} / {plan.name.en}
                </CardTitle>
                <Badge variant={plan.active ? 'success' : 'muted'}>
                  {plan.active ? t('plans.active') : t('plans.inactive')}
                </Badge>
              </div>
              <CardDescription>
                {t('plans.price', { price: formatPriceOre(plan.priceOre), percent: plan.vatPercent })}
              </CardDescription>
            </CardHeader>
            <CardContent className="grid gap-4">
              <Button
                variant="outline"
                className="w-fit"
                aria-label={t('plans.editLabel', { name: localized(plan.name) })}
                onClick={(event) => {
                  editButton.current = event.currentTarget;
                  setEditing(plan);
                }}
              >
                <PencilIcon aria-hidden />
                {t('plans.edit')}
              </Button>
              <PlanHistory history={plan.history} />
            </CardContent>
          </Card>
        ))}
      </div>
    );
  }

  return (
    <section className="grid gap-4">
      <div>
        <h2 className="text-xl font-semibold">{t('plans.title')}</h2>
        <p className="mt-1 text-sm text-muted-foreground">{t('plans.intro')}</p>
      </div>
      {content}
      <PlanDialog
        plan={editing}
        name={editing ? localized(editing.name) : ''}
        onClose={() => setEditing(null)}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          editButton.current?.focus();
        }}
      />
    </section>
  );
}
