import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ClinicFactList } from '../../../../contracts/clinic-area.ts';
import { apiGet } from '../../../lib/api-client.ts';
import { type ClinicSession, useClinicSession } from '../components/clinic-session.tsx';
import { clinicAreaKeys } from './get-clinic-profile.ts';

export const getClinicFacts = (accessToken: string, signal?: AbortSignal) =>
  apiGet<ClinicFactList>('/clinic/facts', { signal, accessToken });

/** The facts depend on the profile too (its treatments, its organisation number): both refresh together. */
export const clinicFactsKey = (clinicId: string) => [...clinicAreaKeys.all(clinicId), 'facts'] as const;

/** A failure shows no toast: the card says so itself, with a retry. */
export const getClinicFactsQueryOptions = ({ clinicId, accessToken }: ClinicSession) =>
  queryOptions({
    queryKey: clinicFactsKey(clinicId),
    queryFn: async ({ signal }) => getClinicFacts(await accessToken(), signal),
  });

export const useClinicFacts = () => useQuery(getClinicFactsQueryOptions(useClinicSession()));
