import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { ClinicPage } from '../../../../contracts/clinics.ts';
import { apiGet } from '../../../lib/api-client.ts';

export interface ClinicQuery {
  search: string;
  limit?: number;
}

export const getClinics = (
  { search, limit, cursor }: ClinicQuery & { cursor?: string | null },
  signal?: AbortSignal,
) => {
  const query = new URLSearchParams();
  if (search) query.set('search', search);
  if (limit) query.set('limit', String(limit));
  if (cursor) query.set('cursor', cursor);
  return apiGet<ClinicPage>(`/clinics?${query}`, { signal });
};

export const getClinicsQueryOptions = ({ search, limit }: ClinicQuery) =>
  infiniteQueryOptions({
    queryKey: ['clinics', { search, limit }],
    queryFn: ({ pageParam, signal }) => getClinics({ search, limit, cursor: pageParam }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });

export const useClinics = (query: ClinicQuery) => useInfiniteQuery(getClinicsQueryOptions(query));
