import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { ClinicPage } from '../../../../contracts/clinics.ts';
import type { TreatmentId } from '../../../../contracts/treatments.ts';
import { apiGet } from '../../../lib/api-client.ts';

export interface ClinicQuery {
  search: string;
  /** Only clinics whose certificate in force covers it. */
  treatment?: TreatmentId;
  limit?: number;
}

export const getClinics = (
  { search, treatment, limit, cursor }: ClinicQuery & { cursor?: string | null },
  signal?: AbortSignal,
) => {
  const query = new URLSearchParams();
  if (search) query.set('search', search);
  if (treatment) query.set('treatment', treatment);
  if (limit) query.set('limit', String(limit));
  if (cursor) query.set('cursor', cursor);
  return apiGet<ClinicPage>(`/clinics?${query}`, { signal });
};

export const getClinicsQueryOptions = ({ search, treatment, limit }: ClinicQuery) =>
  infiniteQueryOptions({
    queryKey: ['clinics', { search, treatment, limit }],
    queryFn: ({ pageParam, signal }) => getClinics({ search, treatment, limit, cursor: pageParam }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });

export const useClinics = (query: ClinicQuery) => useInfiniteQuery(getClinicsQueryOptions(query));
