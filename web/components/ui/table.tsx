import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.ts';

// shadcn's Table: a plain HTML table that scrolls sideways on a narrow screen instead of squeezing.
export function Table({ className, ...props }: ComponentProps<'table'>) {
  return (
    <div data-slot="table-container" className="relative w-full overflow-x-auto">
      <table data-slot="table" className={cn('w-full caption-bottom text-sm', className)} {...props} />
    </div>
  );
}

export function TableHeader({ className, ...props }: ComponentProps<'thead'>) {
  return <thead data-slot="table-header" className={cn('[&_tr]:border-b', className)} {...props} />;
}

export function TableBody({ className, ...props }: ComponentProps<'tbody'>) {
  return <tbody data-slot="table-body" className={cn('[&_tr:last-child]:border-0', className)} {...props} />;
}

export function TableRow({ className, ...props }: ComponentProps<'tr'>) {
  return (
    <tr data-slot="table-row" className={cn('border-b transition-colors hover:bg-muted/50', className)} {...props} />
  );
}

export function TableHead({ className, ...props }: ComponentProps<'th'>) {
  return (
    <th
      data-slot="table-head"
      className={cn('h-11 px-3 text-left align-middle font-medium whitespace-nowrap text-muted-foreground', className)}
      {...props}
    />
  );
}

export function TableCell({ className, ...props }: ComponentProps<'td'>) {
  return <td data-slot="table-cell" className={cn('p-3 align-middle', className)} {...props} />;
}

export function TableCaption({ className, ...props }: ComponentProps<'caption'>) {
  return (
    <caption data-slot="table-caption" className={cn('mt-4 text-sm text-muted-foreground', className)} {...props} />
  );
}

// A row's actions stay at the frame's right edge while the other columns scroll under them on a
// narrow screen, so every row's buttons are on the screen (issue 28 point 9).
const ACTIONS = 'sticky right-0 bg-card text-right';

export function TableActionsHead({ className, ...props }: ComponentProps<'th'>) {
  return <TableHead className={cn(ACTIONS, className)} {...props} />;
}

export function TableActionsCell({ className, ...props }: ComponentProps<'td'>) {
  return <TableCell className={cn(ACTIONS, className)} {...props} />;
}
