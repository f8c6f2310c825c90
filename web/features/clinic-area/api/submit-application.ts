import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ClinicOwnProfile } from '../../../../contracts/clinic-area.ts';
import { apiSend } from '../../../lib/api-send.ts';
import type { MutationCallbacks } from '../../../lib/query-client.ts';
import { useClinicSession } from '../components/clinic-session.tsx';
import { clinicAreaKeys } from './get-clinic-profile.ts';

/** POST /api/clinic/application/submit: sends the application in for review (409 when incomplete or already in). */
export const submitApplication = (accessToken: string) =>
  apiSend<ClinicOwnProfile>('POST', '/clinic/application/submit', undefined, { accessToken });

export function useSubmitApplication({ onSuccess, onError }: MutationCallbacks<ClinicOwnProfile, void> = {}) {
  const { clinicId, accessToken } = useClinicSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => submitApplication(await accessToken()),
    onSuccess: (profile) => {
      queryClient.setQueryData(clinicAreaKeys.profile(clinicId), profile);
      onSuccess?.(profile);
    },
    onError,
  });
}
