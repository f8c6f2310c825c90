import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.ts';

/** A busy indicator without an icon font or SVG: it shows on pages whose JavaScript must stay small. */
export function Spinner({ className, label, ...props }: ComponentProps<'div'> & { label: string }) {
  return (
    <div
      data-slot="spinner"
      role="status"
      className={cn('flex items-center justify-center py-16', className)}
      {...props}
    >
      <span
        className="size-8 animate-spin rounded-full border-4 border-primary/25 border-t-primary motion-reduce:animate-none"
        aria-hidden
      />
      <span className="sr-only">{label}</span>
    </div>
  );
}
