import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { cn } from '../lib/cn.ts';
import { ListSkeleton } from './list-skeleton.tsx';
import { LoadError } from './load-error.tsx';
import { Pagination } from './pagination.tsx';

/** One page of a server-paginated list, as the admin endpoints answer it. */
export interface ListPage<T> {
  items: T[];
  total: number;
  pageSize: number;
}

/**
 * The states of one page of a server-paginated list: a skeleton while the first page loads, a retry
 * when it failed, `emptyMessage` for no rows, else the rows and the pages. A page already shown stays,
 * dimmed, while the next one loads (the query keeps the previous data).
 */
export function PagedList<T>({
  query,
  page,
  onPageChange,
  loadErrorMessage,
  emptyMessage,
  rowClassName,
  children,
}: {
  query: UseQueryResult<ListPage<T>>;
  page: number;
  onPageChange: (page: number) => void;
  loadErrorMessage: string;
  emptyMessage: string;
  /** The height of a skeleton row: that of a row of the list. */
  rowClassName?: string;
  children: (items: T[]) => ReactNode;
}) {
  if (!query.data) {
    return query.isError ? (
      <LoadError message={loadErrorMessage} onRetry={() => void query.refetch()} retrying={query.isFetching} />
    ) : (
      <ListSkeleton rows={8} rowClassName={rowClassName} />
    );
  }
  const { items, total, pageSize } = query.data;
  if (items.length === 0) {
    return (
      <p role="status" className="rounded-lg border border-dashed bg-card p-10 text-center text-muted-foreground">
        {emptyMessage}
      </p>
    );
  }
  // min-w-0: a grid item is at least as wide as its widest row otherwise, and a table's would push the
  // page past a phone's screen; this way the table scrolls inside its own frame (issue 28 point 9).
  return (
    <div className="grid min-w-0 gap-4">
      <div
        className={cn(
          'min-w-0 rounded-lg border bg-card shadow-sm transition-opacity',
          query.isPlaceholderData && 'opacity-60',
        )}
        aria-busy={query.isPlaceholderData}
      >
        {children(items)}
      </div>
      <Pagination page={page} pageSize={pageSize} total={total} onPageChange={onPageChange} />
    </div>
  );
}
