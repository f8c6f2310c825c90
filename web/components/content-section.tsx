import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../lib/cn.ts';
import { Card, CardDescription, CardHeader, CardTitle } from './ui/card.tsx';

/** A titled band of a content page: an h2 with an optional introduction, on a plain or muted background. */
export function ContentSection({
  id,
  title,
  intro,
  muted = false,
  children,
}: {
  id: string;
  title: string;
  intro?: string;
  muted?: boolean;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={`${id}-heading`} className={cn(muted && 'bg-muted')}>
      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
        <h2 id={`${id}-heading`} className="text-center text-3xl font-bold tracking-tight">
          {title}
        </h2>
        {intro ? <p className="mx-auto mt-3 max-w-2xl text-center text-muted-foreground">{intro}</p> : null}
        {children}
      </div>
    </section>
  );
}

export interface IconItem {
  key: string;
  icon: LucideIcon;
  title: string;
  text: string;
}

/** Cards with an icon, a title and a text: benefits, values, guarantees. */
export function IconCardList({
  items,
  className,
  itemClassName,
}: {
  items: IconItem[];
  className?: string;
  itemClassName?: (index: number) => string | undefined;
}) {
  return (
    <ul className={cn('mt-10 grid gap-6', className)}>
      {items.map(({ key, icon: Icon, title, text }, index) => (
        <li key={key} className={itemClassName?.(index)}>
          <Card className="h-full">
            <CardHeader>
              <Icon className="size-10 rounded-lg bg-secondary p-2 text-primary" aria-hidden />
              <CardTitle className="mt-3">{title}</CardTitle>
              <CardDescription>{text}</CardDescription>
            </CardHeader>
          </Card>
        </li>
      ))}
    </ul>
  );
}

/** The certification process as numbered steps; `stepLabel` names the number for screen readers. */
export function NumberedSteps({ items, stepLabel }: { items: IconItem[]; stepLabel: (number: number) => string }) {
  return (
    <ol className="mt-10 grid gap-6 md:grid-cols-2 lg:grid-cols-4">
      {items.map(({ key, icon: Icon, title, text }, index) => (
        <li key={key} className="relative rounded-lg border bg-card p-6 shadow-sm">
          <span className="absolute top-4 right-4 text-4xl font-bold text-secondary" aria-hidden>
            {index + 1}
          </span>
          <Icon className="size-8 text-primary" aria-hidden />
          <h3 className="mt-4 font-semibold">
            <span className="sr-only">{stepLabel(index + 1)} </span>
            {title}
          </h3>
          <p className="mt-2 text-sm text-muted-foreground">{text}</p>
        </li>
      ))}
    </ol>
  );
}
