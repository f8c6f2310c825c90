import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ClinicOwnProfile } from '../../../../contracts/clinic-area.ts';
import { apiGet } from '../../../lib/api-client.ts';
import { type ClinicSession, useClinicSession } from '../components/clinic-session.tsx';

export const getClinicProfile = (accessToken: string, signal?: AbortSignal) =>
  apiGet<ClinicOwnProfile>('/clinic/profile', { signal, accessToken });

/** Every query of the clinic area starts with the clinic's id. */
export const clinicAreaKeys = {
  all: (clinicId: string) => ['clinic-area', clinicId] as const,
  profile: (clinicId: string) => [...clinicAreaKeys.all(clinicId), 'profile'] as const,
};

export const getClinicProfileQueryOptions = ({ clinicId, accessToken }: ClinicSession) =>
  queryOptions({
    queryKey: clinicAreaKeys.profile(clinicId),
    queryFn: async ({ signal }) => getClinicProfile(await accessToken(), signal),
    meta: { errorToast: 'clinicArea:toasts.profileLoadError' },
  });

export const useClinicProfile = () => useQuery(getClinicProfileQueryOptions(useClinicSession()));
