import { useTranslation } from 'react-i18next';
import { cn } from '../lib/cn.ts';
import { Skeleton } from './ui/skeleton.tsx';

/** Grey rows where a list or table is loading; screen readers hear "loading" once. */
export function ListSkeleton({
  rows = 5,
  rowClassName = 'h-12',
  className,
}: {
  rows?: number;
  rowClassName?: string;
  className?: string;
}) {
  const { t } = useTranslation();
  return (
    <div aria-busy="true" className={cn('grid gap-2', className)}>
      <p role="status" className="sr-only">
        {t('status.loading')}
      </p>
      {Array.from({ length: rows }, (_, row) => (
        <Skeleton key={row} className={cn('w-full', rowClassName)} />
      ))}
    </div>
  );
}
