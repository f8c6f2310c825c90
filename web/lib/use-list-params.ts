import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useDebouncedValue } from './use-debounced-value.ts';

const SEARCH_DELAY_MS = 300;

/** A page number from the address; anything but a whole number from 1 is the first page. */
function pageOf(searchParams: URLSearchParams): number {
  const page = Number(searchParams.get('page'));
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/**
 * The state of a server-paginated list kept in the address (`?search=…&page=2`), so that going back
 * from a row's own page, reloading or sharing the link shows the same rows. Any change other than
 * the page starts again on page 1.
 */
export function useListParams() {
  const [searchParams, setSearchParams] = useSearchParams();
  // The search box has its own state: the address changes in a transition, too late for a controlled input.
  const [search, setSearchText] = useState(() => searchParams.get('search') ?? '');
  /** What to search for once typing has paused: one request per pause, not one per key. */
  const settledSearch = useDebouncedValue(search.trim(), SEARCH_DELAY_MS);

  /** Sets parameters (null removes one); `replace` for changes made while typing, which the back button skips. */
  const update = (changes: Record<string, string | null>, { replace = false }: { replace?: boolean } = {}) =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (!('page' in changes)) next.delete('page');
        for (const [name, value] of Object.entries(changes)) {
          if (value === null) next.delete(name);
          else next.set(name, value);
        }
        return next;
      },
      { replace },
    );

  return {
    searchParams,
    page: pageOf(searchParams),
    search,
    settledSearch,
    setSearch: (text: string) => {
      setSearchText(text);
      update({ search: text.trim() ? text : null }, { replace: true });
    },
    update,
    setPage: (page: number) => update({ page: page > 1 ? String(page) : null }),
  };
}
