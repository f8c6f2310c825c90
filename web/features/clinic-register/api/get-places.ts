import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { PlaceList } from '../../../../contracts/places.ts';
import { apiGet } from '../../../lib/api-client.ts';

/** GET /api/places?q=: the places whose name begins with `q`, most populous first. */
export const getPlaces = (q: string, signal?: AbortSignal) =>
  apiGet<PlaceList>(`/places?${new URLSearchParams({ q })}`, { signal });

/** Suggestions for what is typed; none for an empty field. The list of places does not change while the app runs. */
export const usePlaceSuggestions = (q: string) =>
  useQuery({
    queryKey: ['places', q],
    queryFn: ({ signal }) => getPlaces(q, signal),
    enabled: q.length > 0,
    staleTime: Infinity,
    placeholderData: keepPreviousData,
  });
