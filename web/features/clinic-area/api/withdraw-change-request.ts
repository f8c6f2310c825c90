import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ClinicOwnProfile } from '../../../../contracts/clinic-area.ts';
import { apiSend } from '../../../lib/api-send.ts';
import type { MutationCallbacks } from '../../../lib/query-client.ts';
import { useClinicSession } from '../components/clinic-session.tsx';
import { clinicDocumentsKey } from './get-clinic-documents.ts';
import { clinicAreaKeys } from './get-clinic-profile.ts';

/** DELETE /api/clinic/change-request: the reviewed values stay, the documents added for it go (409 `no_change_request` when none is open). */
export const withdrawChangeRequest = (accessToken: string) =>
  apiSend<ClinicOwnProfile>('DELETE', '/clinic/change-request', undefined, { accessToken });

export function useWithdrawChangeRequest({ onSuccess, onError }: MutationCallbacks<ClinicOwnProfile, void> = {}) {
  const { clinicId, accessToken } = useClinicSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => withdrawChangeRequest(await accessToken()),
    onSuccess: (profile) => {
      queryClient.setQueryData(clinicAreaKeys.profile(clinicId), profile);
      onSuccess?.(profile);
    },
    onError: (error) => onError?.(error),
    // The documents added for the request are gone and those to be removed stay: both lists change.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: clinicAreaKeys.profile(clinicId) }),
        queryClient.invalidateQueries({ queryKey: clinicDocumentsKey(clinicId) }),
      ]),
  });
}
