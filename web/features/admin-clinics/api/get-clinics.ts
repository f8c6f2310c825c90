import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminClinicPage } from '../../../../contracts/admin.ts';
import { type AccessToken, useAccessToken } from '../../../lib/access-token.tsx';
import { apiGet } from '../../../lib/api-client.ts';
import { adminClinicKeys, type ClinicListQuery } from './keys.ts';

/** GET /api/admin/clinics: searched on the server by name, city, organisation number or email; sorted; one page. */
export const getClinics = (
  accessToken: string,
  { search, sort, order, page }: ClinicListQuery,
  signal?: AbortSignal,
) => {
  const query = new URLSearchParams({ sort, order, page: String(page) });
  if (search) query.set('search', search);
  return apiGet<AdminClinicPage>(`/admin/clinics?${query}`, { signal, accessToken });
};

export const getClinicsQueryOptions = (accessToken: AccessToken, query: ClinicListQuery) =>
  queryOptions({
    queryKey: adminClinicKeys.clinicList(query),
    queryFn: async ({ signal }) => getClinics(await accessToken(), query, signal),
    // The rows shown stay while the next search, order or page loads.
    placeholderData: keepPreviousData,
    meta: { errorToast: 'admin:clinics.toasts.loadError' },
  });

export const useClinics = (query: ClinicListQuery) => useQuery(getClinicsQueryOptions(useAccessToken(), query));
