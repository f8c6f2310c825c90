import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ClinicOwnProfile } from '../../../../contracts/clinic-area.ts';
import { apiSend } from '../../../lib/api-send.ts';
import type { MutationCallbacks } from '../../../lib/query-client.ts';
import { useClinicSession } from '../components/clinic-session.tsx';
import { clinicAreaKeys } from './get-clinic-profile.ts';

/** DELETE /api/clinic/cover: the register card shows the default image again. */
export const removeCoverImage = (accessToken: string) =>
  apiSend<ClinicOwnProfile>('DELETE', '/clinic/cover', undefined, { accessToken });

export function useRemoveCoverImage({ onSuccess, onError }: MutationCallbacks<ClinicOwnProfile, void> = {}) {
  const { clinicId, accessToken } = useClinicSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => removeCoverImage(await accessToken()),
    onSuccess: (profile) => {
      queryClient.setQueryData(clinicAreaKeys.profile(clinicId), profile);
      onSuccess?.(profile);
    },
    onError,
  });
}
