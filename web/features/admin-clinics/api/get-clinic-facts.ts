import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminFacts } from '../../../../contracts/admin.ts';
import { type AccessToken, useAccessToken } from '../../../lib/access-token.tsx';
import { apiGet } from '../../../lib/api-client.ts';
import { adminClinicKeys } from './keys.ts';

/** GET /api/admin/clinics/:id/facts: the facts with their checks, the chosen treatments, what is missing, the scope. */
export const getClinicFacts = (accessToken: string, clinicId: string, signal?: AbortSignal) =>
  apiGet<AdminFacts>(`/admin/clinics/${encodeURIComponent(clinicId)}/facts`, { signal, accessToken });

export const getClinicFactsQueryOptions = (accessToken: AccessToken, clinicId: string) =>
  queryOptions({
    queryKey: adminClinicKeys.facts(clinicId),
    queryFn: async ({ signal }) => getClinicFacts(await accessToken(), clinicId, signal),
    meta: { errorToast: 'admin:facts.toasts.loadError' },
  });

export const useClinicFacts = (clinicId: string) => useQuery(getClinicFactsQueryOptions(useAccessToken(), clinicId));
