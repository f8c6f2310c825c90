import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApplicationInfo, ClinicOwnProfile } from '../../../../contracts/clinic-area.ts';
import { apiSend } from '../../../lib/api-send.ts';
import { useClinicSession } from '../components/clinic-session.tsx';
import { clinicFactsKey } from './get-clinic-facts.ts';
import { clinicAreaKeys } from './get-clinic-profile.ts';

/** PATCH /api/clinic/application: saves the application information as a draft. */
export const updateApplicationInfo = (accessToken: string, info: ApplicationInfo) =>
  apiSend<ClinicOwnProfile>('PATCH', '/clinic/application', info, { accessToken });

export function useUpdateApplicationInfo() {
  const { clinicId, accessToken } = useClinicSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (info: ApplicationInfo) => updateApplicationInfo(await accessToken(), info),
    onSuccess: async (profile) => {
      queryClient.setQueryData(clinicAreaKeys.profile(clinicId), profile);
      // The treatments decide which facts are needed, and the organisation number is a fact itself.
      await queryClient.invalidateQueries({ queryKey: clinicFactsKey(clinicId) });
    },
  });
}
