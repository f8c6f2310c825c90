import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ClinicOwnProfile, VisibilityInput } from '../../../../contracts/clinic-area.ts';
import { apiSend } from '../../../lib/api-send.ts';
import type { MutationCallbacks } from '../../../lib/query-client.ts';
import { useClinicSession } from '../components/clinic-session.tsx';
import { clinicAreaKeys } from './get-clinic-profile.ts';

/** PUT /api/clinic/visibility: publishes or hides the clinic's page. */
export const updateVisibility = (accessToken: string, visibility: VisibilityInput) =>
  apiSend<ClinicOwnProfile>('PUT', '/clinic/visibility', visibility, { accessToken });

export function useUpdateVisibility({ onSuccess, onError }: MutationCallbacks<ClinicOwnProfile, VisibilityInput> = {}) {
  const { clinicId, accessToken } = useClinicSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (visibility: VisibilityInput) => updateVisibility(await accessToken(), visibility),
    onSuccess: (profile, visibility) => {
      queryClient.setQueryData(clinicAreaKeys.profile(clinicId), profile);
      onSuccess?.(profile, visibility);
    },
    onError,
  });
}
