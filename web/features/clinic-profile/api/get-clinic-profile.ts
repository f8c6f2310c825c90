import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ClinicProfile } from '../../../../contracts/clinics.ts';
import { ApiRequestError, apiGet } from '../../../lib/api-client.ts';

/** GET /api/clinics/by-slug/:slug: a register clinic's public page. */
export const getClinicProfile = (slug: string, signal?: AbortSignal) =>
  apiGet<ClinicProfile>(`/clinics/by-slug/${encodeURIComponent(slug)}`, { signal });

/** No register clinic has the address (a 404, or a 400 for one too long): the page's answer, not a failure to retry. */
export const isUnknownClinic = (error: unknown) =>
  error instanceof ApiRequestError && (error.status === 404 || error.status === 400);

export const getClinicProfileQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: ['clinics', 'profile', slug],
    queryFn: ({ signal }) => getClinicProfile(slug, signal),
    retry: (failureCount, error) => !isUnknownClinic(error) && failureCount < 1,
  });

export const useClinicProfile = (slug: string) => useQuery(getClinicProfileQueryOptions(slug));
