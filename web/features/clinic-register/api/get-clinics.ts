import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { ClinicPage } from '../../../../contracts/clinics.ts';
import { registerParams, type RegisterState } from '../lib/register-address.ts';
import { apiGet, ApiRequestError } from '../../../lib/api-client.ts';

export interface ClinicQuery extends RegisterState {
  limit?: number;
}

export const getClinics = (
  { limit, cursor, ...state }: ClinicQuery & { cursor?: string | null },
  signal?: AbortSignal,
) => {
  const query = registerParams(state);
  if (limit) query.set('limit', String(limit));
  if (cursor) query.set('cursor', cursor);
  return apiGet<ClinicPage>(`/clinics?${query}`, { signal });
};

export const getClinicsQueryOptions = ({ search, treatment, near, lat, lon, radius, limit }: ClinicQuery) =>
  infiniteQueryOptions({
    queryKey: ['clinics', { search, treatment, near, lat, lon, radius, limit }],
    queryFn: ({ pageParam, signal }) =>
      getClinics({ search, treatment, near, lat, lon, radius, limit, cursor: pageParam }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
    // A place the list does not have, or a position out of range, is the same refusal the next time.
    retry: (failures, error) => failures < 1 && !(error instanceof ApiRequestError && error.status === 400),
  });

export const useClinics = (query: ClinicQuery) => useInfiniteQuery(getClinicsQueryOptions(query));
