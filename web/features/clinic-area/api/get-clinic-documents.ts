import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ClinicDocumentList } from '../../../../contracts/clinic-area.ts';
import { apiGet } from '../../../lib/api-client.ts';
import { type ClinicSession, useClinicSession } from '../components/clinic-session.tsx';
import { clinicAreaKeys } from './get-clinic-profile.ts';

export const getClinicDocuments = (accessToken: string, signal?: AbortSignal) =>
  apiGet<ClinicDocumentList>('/clinic/documents', { signal, accessToken });

export const clinicDocumentsKey = (clinicId: string) => [...clinicAreaKeys.all(clinicId), 'documents'] as const;

/** SPEC section 8: a failure to load the documents shows no toast (the list says so itself). */
export const getClinicDocumentsQueryOptions = ({ clinicId, accessToken }: ClinicSession) =>
  queryOptions({
    queryKey: clinicDocumentsKey(clinicId),
    queryFn: async ({ signal }) =>
      getClinicDocuments(await accessToken(), signal).catch((error: unknown) => {
        console.error('Could not load the clinic documents', error);
        throw error;
      }),
  });

export const useClinicDocuments = () => useQuery(getClinicDocumentsQueryOptions(useClinicSession()));
