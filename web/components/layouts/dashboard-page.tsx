import type { ReactNode } from 'react';

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
