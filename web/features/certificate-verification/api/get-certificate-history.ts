import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { CertificateHistoryPage } from '../../../../contracts/certificates.ts';
import { apiGet } from '../../../lib/api-client.ts';

/** GET /api/certificates/:number/history: the public history of the clinic holding the certificate, newest first. */
export const getCertificateHistory = (number: string, cursor: string | null, signal?: AbortSignal) => {
  const query = new URLSearchParams();
  if (cursor) query.set('cursor', cursor);
  return apiGet<CertificateHistoryPage>(`/certificates/${encodeURIComponent(number)}/history?${query}`, { signal });
};

export const getCertificateHistoryQueryOptions = (number: string) =>
  infiniteQueryOptions({
    queryKey: ['certificates', 'history', number],
    queryFn: ({ pageParam, signal }) => getCertificateHistory(number, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });

export const useCertificateHistory = (number: string) => useInfiniteQuery(getCertificateHistoryQueryOptions(number));
