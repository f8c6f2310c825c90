import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ClinicPage } from '../../../../contracts/clinics.ts';
import { apiGet } from '../../../lib/api-client.ts';

const SUGGESTION_COUNT = 5;
/** One letter matches half the register: suggestions begin with the second. */
export const SUGGESTION_MIN_LENGTH = 2;

/** GET /api/clinics?search=…&limit=5: names from the public register to choose from when reporting a clinic. */
export const getClinicSuggestions = (search: string, signal?: AbortSignal) =>
  apiGet<ClinicPage>(`/clinics?${new URLSearchParams({ search, limit: String(SUGGESTION_COUNT) })}`, { signal });

export const getClinicSuggestionsQueryOptions = (search: string) =>
  queryOptions({
    queryKey: ['customer-reports', 'clinic-suggestions', search],
    queryFn: ({ signal }) => getClinicSuggestions(search, signal),
    select: (page) => [...new Set(page.items.map((clinic) => clinic.fullName))],
    enabled: search.length >= SUGGESTION_MIN_LENGTH,
    // The names shown stay while the next ones load, so the list does not flicker as the person types.
    placeholderData: keepPreviousData,
  });

/** Names of registered clinics matching `search` (already debounced); none for a shorter text. */
export const useClinicSuggestions = (search: string) => useQuery(getClinicSuggestionsQueryOptions(search));
