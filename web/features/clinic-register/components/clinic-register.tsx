import { useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { CLINIC_PAGE_SIZE, CLINIC_SEARCH_MAX_LENGTH } from '../../../../contracts/constants.ts';
import { SearchField } from '../../../components/search-field.tsx';
import { Button } from '../../../components/ui/button.tsx';
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
  const resultsId = useId();
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
      <SearchField
        label={t('register.searchLabel')}
        value={search}
        onChange={setSearch}
        maxLength={CLINIC_SEARCH_MAX_LENGTH}
        placeholder={t('register.searchPlaceholder')}
        className="max-w-xl"
      />

      <section aria-labelledby={resultsId} aria-busy={clinics.isPending}>
        <h2 id={resultsId} className="sr-only">
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
