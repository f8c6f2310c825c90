import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Skeleton } from '../ui/skeleton.tsx';

/** The top of a dashboard page: its one h1 and an optional introduction. */
export function DashboardPage({ title, intro, children }: { title: string; intro?: ReactNode; children?: ReactNode }) {
  return (
    <div>
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
      {intro ? <p className="mt-2 text-muted-foreground">{intro}</p> : null}
      {children ? <div className="mt-8">{children}</div> : null}
    </div>
  );
}

/**
 * A dashboard page's place while the sign-in state or the page itself loads: the shape of
 * DashboardPage (title, introduction, cards) in placeholders, read out as "Laddar...".
 */
export function DashboardPageSkeleton() {
  const { t } = useTranslation();
  return (
    <div aria-busy="true" data-slot="page-skeleton">
      <p role="status" className="sr-only">
        {t('status.loading')}
      </p>
      <Skeleton className="h-8 w-48 sm:h-9" />
      <Skeleton className="mt-3 h-5 w-full max-w-sm" />
      <div className="mt-8 grid gap-6">
        <Skeleton className="h-36" />
        <div className="grid gap-6 md:grid-cols-2">
          <Skeleton className="h-44" />
          <Skeleton className="h-44" />
        </div>
      </div>
    </div>
  );
}
