import type { ReactNode } from 'react';
import { useId } from 'react';
import { cn } from '../lib/cn.ts';

/**
 * The closing call to action shared by the information pages: a heading (h2), a short text and
 * the buttons (usually `Button asChild` around a `Link`).
 */
export function CtaBlock({
  title,
  text,
  actions,
  className,
}: {
  title: string;
  text: ReactNode;
  actions: ReactNode;
  className?: string;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={cn('mx-auto max-w-7xl px-4 py-16 sm:px-6', className)}>
      <div className="rounded-2xl bg-gradient-to-br from-secondary via-background to-accent/40 px-6 py-12 text-center shadow-sm ring-1 ring-border sm:px-12">
        <h2 id={headingId} className="text-2xl font-bold tracking-tight sm:text-3xl">
          {title}
        </h2>
        <p className="mx-auto mt-3 max-w-2xl text-muted-foreground">{text}</p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">{actions}</div>
      </div>
    </section>
  );
}
