import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

/** The sign-in pages: one centred card holding the page's one h1, its form and the links below it. */
export function AuthPage({
  icon: Icon,
  title,
  description,
  footer,
  children,
}: {
  icon: LucideIcon;
  title: string;
  description?: ReactNode;
  footer?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="bg-gradient-to-b from-secondary/60 to-background px-4 py-12 sm:py-16">
      <div className="mx-auto w-full max-w-md rounded-lg border bg-card p-6 shadow-sm sm:p-8">
        <div className="text-center">
          <Icon className="mx-auto size-12 rounded-full bg-secondary p-3 text-primary" aria-hidden />
          <h1 className="mt-4 text-2xl font-bold tracking-tight">{title}</h1>
          {description ? <p className="mt-2 text-sm text-muted-foreground">{description}</p> : null}
        </div>
        <div className="mt-8">{children}</div>
        {footer ? (
          <div className="mt-6 grid gap-2 border-t pt-6 text-center text-sm text-muted-foreground">{footer}</div>
        ) : null}
      </div>
    </div>
  );
}
