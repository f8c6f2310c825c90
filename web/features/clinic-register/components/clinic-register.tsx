import { useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { CLINIC_PAGE_SIZE, CLINIC_SEARCH_MAX_LENGTH } from '../../../../contracts/constants.ts';
import { SearchField } from '../../../components/search-field.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { TREATMENTS, type TreatmentId } from '../../../../contracts/treatments.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { useClinics } from '../api/get-clinics.ts';
import { registerParams, treatmentIn } from '../lib/register-address.ts';
import { type ClinicCardAction, ClinicGrid } from './clinic-grid.tsx';
import { TreatmentFilter } from './treatment-filter.tsx';
import { useTakeOverWhenLoaded } from '../../../lib/prerendered-page.ts';

const SEARCH_DELAY_MS = 250;

/**
 * The searchable register: the search text lives in `?search=` and the treatment filter in
 * `?treatment=`, so a search can be shared and reloaded. `cardAction` is what the app layer puts on
 * each card.
 *
 * A key press changes only the field: the address follows the settled search, as the results do, so
 * typing does not re-render the router's tree and the cards on every key (bench/register-browser.ts).
 * A treatment is one choice, so the address takes it at once.
 */
export function ClinicRegister({ cardAction }: { cardAction?: ClinicCardAction }) {
  const { t, i18n } = useTranslation('clinics');
  const resultsId = useId();
  const [searchParams, setSearchParams] = useSearchParams();
  const [search, setSearch] = useState(() => searchParams.get('search') ?? '');
  const settledSearch = useDebouncedValue(search.trim(), SEARCH_DELAY_MS);
  const treatment = treatmentIn(searchParams);
  const clinics = useClinics({ search: settledSearch, treatment });
  useTakeOverWhenLoaded(clinics.isPending);
  const pages = useMemo(() => clinics.data?.pages.map((page) => page.items) ?? [], [clinics.data]);
  const addressSearch = searchParams.get('search') ?? '';
  const addressTreatment = searchParams.get('treatment') ?? undefined;

  useEffect(() => {
    // An unknown treatment in the address is no filter, and is taken out of it.
    if (settledSearch !== addressSearch || treatment !== addressTreatment)
      setSearchParams(registerParams({ search: settledSearch, treatment }), { replace: true });
  }, [settledSearch, addressSearch, treatment, addressTreatment, setSearchParams]);

  const treatmentName = treatment && TREATMENTS[treatment].name[currentLanguage(i18n.resolvedLanguage)];
  const noResults = !treatmentName
    ? t('register.noResults')
    : settledSearch
      ? t('register.noResultsSearchTreatment', { treatment: treatmentName })
      : t('register.noResultsTreatment', { treatment: treatmentName });

  const chooseTreatment = (chosen: TreatmentId | undefined) =>
    setSearchParams(registerParams({ search: settledSearch, treatment: chosen }), { replace: true });

  return (
    <div className="space-y-8">
      <div className="flex flex-wrap items-start gap-4">
        <SearchField
          label={t('register.searchLabel')}
          value={search}
          onChange={setSearch}
          maxLength={CLINIC_SEARCH_MAX_LENGTH}
          placeholder={t('register.searchPlaceholder')}
          className="w-full max-w-xl"
        />
        <div className="w-full sm:w-72">
          <TreatmentFilter value={treatment} onChange={chooseTreatment} />
        </div>
      </div>

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
            {noResults}
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
