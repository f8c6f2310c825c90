import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Badge } from '../../../../contracts/certificates.ts';
import { apiGet } from '../../../lib/api-client.ts';

export const getBadge = (clinicId: string, signal?: AbortSignal) => apiGet<Badge>(`/badge/${encodeURIComponent(clinicId)}`, { signal });

/** Not retried: a 404 (no such clinic, not certified) is the answer, not a hiccup. */
export const getBadgeQueryOptions = (clinicId: string) =>
  queryOptions({ queryKey: ['badge', clinicId], queryFn: ({ signal }) => getBadge(clinicId, signal), retry: false, staleTime: 60_000 });

export const useBadge = (clinicId: string | null) => useQuery({ ...getBadgeQueryOptions(clinicId ?? ''), enabled: Boolean(clinicId) });
