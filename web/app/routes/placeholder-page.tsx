import { ConstructionIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { DashboardPage } from '../../components/layouts/dashboard-page.tsx';

/** A dashboard page whose content comes with its area's own issue: its title, and what will be here. */
export function PlaceholderPage({ page }: { page: string }) {
  const { t } = useTranslation('dashboard');
  return (
    <DashboardPage title={t(`${page}.title`)}>
      <section aria-labelledby="coming-later-heading" className="flex gap-4 rounded-lg border border-dashed bg-card p-6 shadow-sm">
        <ConstructionIcon className="size-10 shrink-0 rounded-lg bg-accent p-2 text-accent-foreground" aria-hidden />
        <div>
          <h2 id="coming-later-heading" className="font-semibold">
            {t('comingLater')}
          </h2>
          <p className="mt-1 text-muted-foreground">{t(`${page}.later`)}</p>
        </div>
      </section>
    </DashboardPage>
  );
}
