import { SearchIcon } from 'lucide-react';
import { useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { CLINIC_PAGE_SIZE, CLINIC_SEARCH_MAX_LENGTH } from '../../../../contracts/constants.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { useClinics } from '../api/get-clinics.ts';
import { type ClinicCardAction, ClinicGrid } from './clinic-grid.tsx';
import { useTakeOverWhenLoaded } from '../../../lib/prerendered-page.ts';

const SEARCH_DELAY_MS = 250;

/**
 * The searchable register: the search text lives in `?search=` so a search can be shared and
 * reloaded. `cardAction` is what the app layer puts on each card.
 *
 * A key press changes only the field: the address follows the settled search, as the results do, so
 * typing does not re-render the router's tree and the cards on every key (bench/register-browser.ts).
 */
export function ClinicRegister({ cardAction }: { cardAction?: ClinicCardAction }) {
  const { t } = useTranslation('clinics');
  const inputId = useId();
  const [searchParams, setSearchParams] = useSearchParams();
  const [search, setSearch] = useState(() => searchParams.get('search') ?? '');
  const settledSearch = useDebouncedValue(search.trim(), SEARCH_DELAY_MS);
  const clinics = useClinics({ search: settledSearch });
  useTakeOverWhenLoaded(clinics.isPending);
  const pages = useMemo(() => clinics.data?.pages.map((page) => page.items) ?? [], [clinics.data]);
  const addressSearch = searchParams.get('search') ?? '';

  useEffect(() => {
    if (settledSearch !== addressSearch)
      setSearchParams(settledSearch ? { search: settledSearch } : {}, { replace: true });
  }, [settledSearch, addressSearch, setSearchParams]);

  return (
    <div className="space-y-8">
      <div role="search" className="relative max-w-xl">
        <label htmlFor={inputId} className="mb-2 block text-sm font-medium">
          {t('register.searchLabel')}
        </label>
        <div className="relative">
          <SearchIcon
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden
          />
          <Input
            id={inputId}
            type="search"
            value={search}
            maxLength={CLINIC_SEARCH_MAX_LENGTH}
            placeholder={t('register.searchPlaceholder')}
            onChange={(event) => setSearch(event.target.value)}
            className="pl-9"
          />
        </div>
      </div>

      <section aria-labelledby={`${inputId}-results`} aria-busy={clinics.isPending}>
        <h2 id={`${inputId}-results`} className="sr-only">
          {t('register.listLabel')}
        </h2>
        {clinics.isPending ? (
          <p role="status" className="text-muted-foreground">
            {t('register.loading')}
          </p>
        ) : pages.every((page) => page.length === 0) ? (
          <p role="status" className="rounded-lg border border-dashed p-10 text-center text-muted-foreground">
            {t('register.noResults')}
          </p>
        ) : (
          <ClinicGrid
            pages={pages}
            label={t('register.listLabel')}
            cardAction={cardAction}
            placeholders={clinics.isFetchingNextPage ? CLINIC_PAGE_SIZE : 0}
          />
        )}
      </section>

      {clinics.hasNextPage ? (
        <div className="flex justify-center">
          <Button variant="outline" onClick={() => void clinics.fetchNextPage()} pending={clinics.isFetchingNextPage}>
            {clinics.isFetchingNextPage ? t('register.loadingMore') : t('register.showMore')}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
