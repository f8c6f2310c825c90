import type { ReactNode } from 'react';

/** The top of a content page: its one h1 and an introduction. */
export function PageHeader({ title, intro, children }: { title: string; intro?: ReactNode; children?: ReactNode }) {
  return (
    <div className="border-b bg-gradient-to-b from-secondary/60 to-background">
      <div className="mx-auto max-w-4xl px-4 py-14 text-center sm:px-6">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{title}</h1>
        {intro ? <p className="mx-auto mt-4 max-w-2xl text-lg text-muted-foreground">{intro}</p> : null}
        {children}
      </div>
    </div>
  );
}
