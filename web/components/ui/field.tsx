import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.ts';
import { Label } from './label.tsx';

/** One form control with its label, hint and error; `data-invalid` lets the parts restyle together. */
export function Field({ className, ...props }: ComponentProps<'div'>) {
  return <div data-slot="field" className={cn('group/field grid gap-2', className)} {...props} />;
}

export function FieldLabel({ className, ...props }: ComponentProps<typeof Label>) {
  return (
    <Label
      data-slot="field-label"
      className={cn('group-data-[invalid=true]/field:text-destructive', className)}
      {...props}
    />
  );
}

export function FieldDescription({ className, ...props }: ComponentProps<'p'>) {
  return <p data-slot="field-description" className={cn('text-sm text-muted-foreground', className)} {...props} />;
}

export function FieldError({ className, children, ...props }: ComponentProps<'p'>) {
  if (!children) return null;
  return (
    <p data-slot="field-error" className={cn('text-sm font-medium text-destructive', className)} {...props}>
      {children}
    </p>
  );
}
