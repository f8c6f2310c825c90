import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CertificateSearchResult } from '../../../../contracts/certificates.ts';
import { apiGet } from '../../../lib/api-client.ts';

export interface CertificateSearchQuery {
  search: string;
  page: number;
}

/** GET /api/certificates?search=&page=: certificates by number or clinic name, one page. */
export const searchCertificates = ({ search, page }: CertificateSearchQuery, signal?: AbortSignal) =>
  apiGet<CertificateSearchResult>(`/certificates?${new URLSearchParams({ search, page: String(page) })}`, { signal });

export const searchCertificatesQueryOptions = (query: CertificateSearchQuery) =>
  queryOptions({
    queryKey: ['certificates', 'search', query],
    queryFn: ({ signal }) => searchCertificates(query, signal),
    // The hits shown stay while the next search or page loads.
    placeholderData: keepPreviousData,
  });

export const useCertificateSearch = (query: CertificateSearchQuery, { enabled }: { enabled: boolean }) =>
  useQuery({ ...searchCertificatesQueryOptions(query), enabled });
