import { CalendarDaysIcon, CalendarPlusIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { toast } from '../../../lib/toast.ts';

/** SPEC section 2 "Customer area", bookings: only an empty state; booking itself is announced, not built. */
export function BookingsEmptyState() {
  const { t } = useTranslation(['customerArea', 'common']);
  return (
    <section
      aria-labelledby="bookings-empty-heading"
      className="flex flex-col items-center gap-4 rounded-lg border border-dashed bg-card p-10 text-center"
    >
      <CalendarDaysIcon className="size-10 rounded-full bg-secondary p-2 text-primary" aria-hidden />
      <div className="grid gap-1">
        <h2 id="bookings-empty-heading" className="font-semibold">
          {t('bookings.empty.title')}
        </h2>
        <p className="max-w-md text-muted-foreground">{t('bookings.empty.text')}</p>
      </div>
      <Button onClick={() => toast({ title: t('common:toast.notImplemented') })}>
        <CalendarPlusIcon aria-hidden />
        {t('bookings.empty.action')}
      </Button>
    </section>
  );
}
