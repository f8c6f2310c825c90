import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ClinicOwnProfile } from '../../../../contracts/clinic-area.ts';
import { apiUpload } from '../../../lib/api-send.ts';
import type { MutationCallbacks } from '../../../lib/query-client.ts';
import { useClinicSession } from '../components/clinic-session.tsx';
import { clinicAreaKeys } from './get-clinic-profile.ts';

/** POST /api/clinic/cover (multipart `file`): jpg, png or webp up to 5 MB; the profile gets a new coverImageUrl. */
export const uploadCoverImage = (accessToken: string, file: File, onProgress?: (fraction: number) => void) =>
  apiUpload<ClinicOwnProfile>('/clinic/cover', file, { accessToken, onProgress });

export function useUploadCoverImage({
  onProgress,
  onSuccess,
  onError,
}: MutationCallbacks<ClinicOwnProfile, File> & { onProgress?: (fraction: number) => void } = {}) {
  const { clinicId, accessToken } = useClinicSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (file: File) => uploadCoverImage(await accessToken(), file, onProgress),
    onSuccess: (profile, file) => {
      queryClient.setQueryData(clinicAreaKeys.profile(clinicId), profile);
      onSuccess?.(profile, file);
    },
    onError,
  });
}
