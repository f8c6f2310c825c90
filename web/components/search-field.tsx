import { SearchIcon } from 'lucide-react';
import { type FormEvent, type ReactNode, useId } from 'react';
import { cn } from '../lib/cn.ts';
import { Input } from './ui/input.tsx';

/**
 * A labelled search box (a `search` landmark). Where the list it filters is beside it, that list waits
 * until typing pauses; with `onSubmit` it is a form whose search starts on Enter or the `submit` button
 * placed after the box.
 */
export function SearchField({
  label,
  value,
  onChange,
  placeholder,
  maxLength,
  className,
  onSubmit,
  submit,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  maxLength?: number;
  className?: string;
  onSubmit?: (event: FormEvent<HTMLFormElement>) => void;
  submit?: ReactNode;
}) {
  const id = useId();
  const box = (
    <>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <div className="flex flex-wrap gap-2">
        <div className="relative min-w-0 flex-1">
          <SearchIcon
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden
          />
          <Input
            id={id}
            type="search"
            value={value}
            maxLength={maxLength}
            placeholder={placeholder}
            onChange={(event) => onChange(event.target.value)}
            className="pl-9"
          />
        </div>
        {submit}
      </div>
    </>
  );
  const landmark = cn('grid gap-2', className);
  return onSubmit ? (
    <form role="search" onSubmit={onSubmit} className={landmark}>
      {box}
    </form>
  ) : (
    <div role="search" className={landmark}>
      {box}
    </div>
  );
}
