import { ChevronLeftIcon, ChevronRightIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '../lib/cn.ts';
import { formatNumber } from '../lib/format.ts';
import { Button } from './ui/button.tsx';

type PageLink = number | 'gap';

/** The first and last page and those next to the current one: `1 … 4 5 6 … 12`. */
export function pageLinks(page: number, pages: number): PageLink[] {
  const shown = [...new Set([1, page - 1, page, page + 1, pages])]
    .filter((number) => number >= 1 && number <= pages)
    .sort((a, b) => a - b);
  return shown.flatMap((number, index) => {
    const previous = shown[index - 1];
    if (previous === undefined || number === previous + 1) return [number];
    // A gap of one page shows that page rather than an ellipsis standing for it.
    return number === previous + 2 ? [previous + 1, number] : ['gap' as const, number];
  });
}

/** A server-paginated list's pages: which rows show out of how many, and the way to the others. */
export function Pagination({
  page,
  pageSize,
  total,
  onPageChange,
  className,
}: {
  page: number;
  pageSize: number;
  total: number;
  onPageChange: (page: number) => void;
  className?: string;
}) {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const from = total === 0 ? 0 : Math.min(total, (page - 1) * pageSize + 1);
  const to = Math.min(total, page * pageSize);
  return (
    <nav
      aria-label={t('pagination.label')}
      className={cn('flex flex-wrap items-center justify-between gap-3', className)}
    >
      <p className="text-sm text-muted-foreground" aria-live="polite">
        {t('pagination.showing', { from: formatNumber(from), to: formatNumber(to), total: formatNumber(total) })}
      </p>
      {pages > 1 ? (
        <ul className="flex flex-wrap items-center gap-1">
          <li>
            <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
              <ChevronLeftIcon aria-hidden />
              {t('pagination.previous')}
            </Button>
          </li>
          {pageLinks(page, pages).map((link, index) =>
            link === 'gap' ? (
              <li key={`gap-${index}`} aria-hidden className="px-1 text-muted-foreground">
                …
              </li>
            ) : (
              <li key={link}>
                <Button
                  variant={link === page ? 'default' : 'ghost'}
                  size="sm"
                  className="min-w-9 tabular-nums"
                  aria-label={t('pagination.page', { page: link })}
                  aria-current={link === page ? 'page' : undefined}
                  onClick={() => onPageChange(link)}
                >
                  {link}
                </Button>
              </li>
            ),
          )}
          <li>
            <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => onPageChange(page + 1)}>
              {t('pagination.next')}
              <ChevronRightIcon aria-hidden />
            </Button>
          </li>
        </ul>
      ) : null}
    </nav>
  );
}
