import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ClinicLeftRegister, ClinicPageAnswer } from '../../../../contracts/left-register.ts';
import { ApiRequestError, apiGet } from '../../../lib/api-client.ts';

/** GET /api/clinics/by-slug/:slug: a register clinic's public page, or what became of a clinic that left the register. */
export const getClinicProfile = (slug: string, signal?: AbortSignal) =>
  apiGet<ClinicPageAnswer>(`/clinics/by-slug/${encodeURIComponent(slug)}`, { signal });

/** The clinic left the register (issue 28 point 4): its page says why, not its profile. */
export const hasLeftRegister = (answer: ClinicPageAnswer): answer is ClinicLeftRegister => 'leftRegister' in answer;

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
