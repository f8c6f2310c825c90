import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ListSkeleton } from '../../../components/list-skeleton.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { ShowMoreButton } from '../../../components/show-more-button.tsx';

/**
 * A section of the customer's overview listing pages of a keyset list: a skeleton while the first
 * page loads, a retry when it failed, `empty` in words for none, else the items and "Visa fler".
 */
export function PagedSection<Item extends { id: string }>({
  title,
  intro,
  empty,
  loadError,
  query,
  children,
}: {
  title: string;
  intro?: string;
  empty: string;
  loadError: string;
  query: UseInfiniteQueryResult<InfiniteData<{ items: Item[]; nextCursor: string | null }>>;
  children: (item: Item) => ReactNode;
}) {
  const { t } = useTranslation('customerReviews');
  const headingId = useId();
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <section aria-labelledby={headingId} className="grid min-w-0 gap-4">
      <div className="grid gap-1">
        <h2 id={headingId} className="text-xl font-semibold">
          {title}
        </h2>
        {intro ? <p className="text-sm text-muted-foreground">{intro}</p> : null}
      </div>
      {!query.data ? (
        query.isError ? (
          <LoadError message={loadError} onRetry={() => void query.refetch()} retrying={query.isFetching} />
        ) : (
          <ListSkeleton rows={2} rowClassName="h-28" />
        )
      ) : items.length === 0 ? (
        <p role="status" className="rounded-lg border border-dashed bg-card p-8 text-center text-muted-foreground">
          {empty}
        </p>
      ) : (
        <ul aria-labelledby={headingId} className="grid gap-4">
          {items.map((item) => (
            <li key={item.id} className="min-w-0">
              {children(item)}
            </li>
          ))}
        </ul>
      )}
      <ShowMoreButton query={query} label={t('list.showMore')} loadingLabel={t('list.loadingMore')} />
    </section>
  );
}
