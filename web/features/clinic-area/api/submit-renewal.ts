import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ClinicOwnProfile, RenewalSubmission } from '../../../../contracts/clinic-area.ts';
import { apiSend } from '../../../lib/api-send.ts';
import type { MutationCallbacks } from '../../../lib/query-client.ts';
import { useClinicSession } from '../components/clinic-session.tsx';
import { clinicAreaKeys } from './get-clinic-profile.ts';

/** POST /api/clinic/renewal: renews for next year with the six criteria confirmed anew (409 when not open or incomplete). */
export const submitRenewal = (accessToken: string, renewal: RenewalSubmission) =>
  apiSend<ClinicOwnProfile>('POST', '/clinic/renewal', renewal, { accessToken });

export function useSubmitRenewal({ onSuccess, onError }: MutationCallbacks<ClinicOwnProfile, RenewalSubmission> = {}) {
  const { clinicId, accessToken } = useClinicSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (renewal: RenewalSubmission) => submitRenewal(await accessToken(), renewal),
    onSuccess: (profile, renewal) => {
      queryClient.setQueryData(clinicAreaKeys.profile(clinicId), profile);
      onSuccess?.(profile, renewal);
    },
    onError,
  });
}
