import { type ReactNode, useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { CLINIC_PAGE_SIZE, CLINIC_SEARCH_MAX_LENGTH } from '../../../../contracts/constants.ts';
import { SearchField } from '../../../components/search-field.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { TREATMENTS, type TreatmentId } from '../../../../contracts/treatments.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { apiErrorMessage, ApiRequestError } from '../../../lib/api-client.ts';
import { formatDistanceKm } from '../../../lib/format.ts';
import type { RegisterCard } from '../../../../contracts/clinics.ts';
import { useClinics } from '../api/get-clinics.ts';
import { originIn, registerParams, type RegisterState, treatmentIn } from '../lib/register-address.ts';
import { type ClinicCardAction, type ClinicCardDistance, ClinicGrid } from './clinic-grid.tsx';
import { NearMeButton } from './near-me-button.tsx';
import { PlaceField } from './place-field.tsx';
import { DEFAULT_RADIUS, RadiusChoice } from './radius-choice.tsx';
import { TreatmentFilter } from './treatment-filter.tsx';
import { useTakeOverWhenLoaded } from '../../../lib/prerendered-page.ts';

const SEARCH_DELAY_MS = 250;

/** Why the server refused the address's search: each field's reason once (a place it lacks, a radius out of range). */
const refusal = (error: Error) =>
  error instanceof ApiRequestError && error.issues.length > 0
    ? [...new Set(error.issues.map((issue) => issue.message))].join(' ')
    : apiErrorMessage(error);

/** The card's distance from the place or position, after its town (`Uppsala · 2,4 km`). */
const cardDistance: ClinicCardDistance = ({ distanceKm }) =>
  distanceKm === undefined ? null : (
    <>
      <span aria-hidden>·</span>
      <span>{formatDistanceKm(distanceKm)}</span>
    </>
  );

/**
 * The searchable register: the search text lives in `?search=`, the treatment filter in `?treatment=`,
 * and the place or position in `?near=` or `?lat=&lon=` with `?radius=` (issue 24), so a search can be
 * shared and reloaded. `cardAction` is what the app layer puts on each card, `mapView` what it shows of
 * the loaded clinics beside the list (a map, when the installation has one).
 *
 * A key press changes only the field: the address follows the settled search, as the results do, so
 * typing does not re-render the router's tree and the cards on every key (bench/register-browser.ts).
 * A treatment, a place, a radius or the visitor's position is one choice, so the address takes it at once.
 */
export function ClinicRegister({
  cardAction,
  mapView,
}: {
  cardAction?: ClinicCardAction;
  mapView?: (clinics: readonly RegisterCard[]) => ReactNode;
}) {
  const { t, i18n } = useTranslation('clinics');
  const resultsId = useId();
  const [searchParams, setSearchParams] = useSearchParams();
  const [search, setSearch] = useState(() => searchParams.get('search') ?? '');
  const settledSearch = useDebouncedValue(search.trim(), SEARCH_DELAY_MS);
  const treatment = treatmentIn(searchParams);
  const origin = originIn(searchParams);
  const { near, lat, lon, radius } = origin;
  const hasOrigin = near !== undefined || lat !== undefined;
  // The radius offered before a place is chosen, and kept when one is chosen.
  const [radiusChoice, setRadiusChoice] = useState(radius ?? DEFAULT_RADIUS);
  const clinics = useClinics({ search: settledSearch, treatment, near, lat, lon, radius });
  useTakeOverWhenLoaded(clinics.isPending);
  const pages = useMemo(() => clinics.data?.pages.map((page) => page.items) ?? [], [clinics.data]);
  const loaded = useMemo(() => pages.flat(), [pages]);
  const addressSearch = searchParams.get('search') ?? '';
  const addressTreatment = searchParams.get('treatment') ?? undefined;

  useEffect(() => {
    // An unknown treatment in the address is no filter, and is taken out of it.
    if (settledSearch !== addressSearch || treatment !== addressTreatment)
      setSearchParams(registerParams({ search: settledSearch, treatment, near, lat, lon, radius }), { replace: true });
  }, [settledSearch, addressSearch, treatment, addressTreatment, near, lat, lon, radius, setSearchParams]);

  /** The address with `change` applied to what the register shows now. */
  const show = (change: Partial<RegisterState>) =>
    setSearchParams(registerParams({ search: settledSearch, treatment, ...origin, ...change }), { replace: true });

  const treatmentName = treatment && TREATMENTS[treatment].name[currentLanguage(i18n.resolvedLanguage)];
  const noResults = !treatmentName
    ? t('register.noResults')
    : settledSearch
      ? t('register.noResultsSearchTreatment', { treatment: treatmentName })
      : t('register.noResultsTreatment', { treatment: treatmentName });

  const chooseTreatment = (chosen: TreatmentId | undefined) => show({ treatment: chosen });
  const choosePlace = (place: string | undefined) =>
    show({ near: place, lat: undefined, lon: undefined, radius: place ? radiusChoice : undefined });
  const chooseRadius = (chosen: string) => {
    setRadiusChoice(chosen);
    if (hasOrigin) show({ radius: chosen });
  };

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
      <div className="flex flex-wrap items-start gap-4">
        <div className="w-full sm:w-72">
          <PlaceField value={near} onChoose={choosePlace} />
        </div>
        <div className="w-full sm:w-36">
          <RadiusChoice value={radius ?? radiusChoice} onChange={chooseRadius} />
        </div>
        <div className="sm:pt-7">
          <NearMeButton
            onPosition={(latitude, longitude) =>
              show({ near: undefined, lat: latitude, lon: longitude, radius: radiusChoice })
            }
          />
        </div>
      </div>
      {lat !== undefined ? (
        <p className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
          {t('register.nearPosition')}
          <Button variant="link" className="h-auto p-0" onClick={() => choosePlace(undefined)}>
            {t('register.clearPosition')}
          </Button>
        </p>
      ) : null}

      {mapView && loaded.length > 0 ? mapView(loaded) : null}

      <section aria-labelledby={resultsId} aria-busy={clinics.isPending}>
        <h2 id={resultsId} className="sr-only">
          {t('register.listLabel')}
        </h2>
        {clinics.isPending ? (
          <p role="status" className="text-muted-foreground">
            {t('register.loading')}
          </p>
        ) : clinics.isError && pages.length === 0 ? (
          // Refused input in the address (a place the list lacks, a radius out of range): the server's reason.
          <p role="alert" className="rounded-lg border border-dashed p-10 text-center">
            {refusal(clinics.error)}
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
            cardDistance={hasOrigin ? cardDistance : undefined}
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
