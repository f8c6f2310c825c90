import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ClinicDocument, ClinicDocumentList } from '../../../../contracts/clinic-area.ts';
import { apiUpload } from '../../../lib/api-send.ts';
import type { MutationCallbacks } from '../../../lib/query-client.ts';
import { useClinicSession } from '../components/clinic-session.tsx';
import { clinicDocumentsKey } from './get-clinic-documents.ts';
import { clinicAreaKeys } from './get-clinic-profile.ts';

/** POST /api/clinic/documents (multipart `file`): 413 too large, 415 wrong type, 400 empty. */
export const uploadClinicDocument = (accessToken: string, file: File, onProgress?: (fraction: number) => void) =>
  apiUpload<ClinicDocument>('/clinic/documents', file, { accessToken, onProgress });

export function useUploadClinicDocument({
  onProgress,
  onSuccess,
  onError,
}: MutationCallbacks<ClinicDocument, File> & { onProgress?: (fraction: number) => void } = {}) {
  const { clinicId, accessToken } = useClinicSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (file: File) => uploadClinicDocument(await accessToken(), file, onProgress),
    onSuccess: async (document, file) => {
      // The list is oldest first, as the server sends it.
      queryClient.setQueryData<ClinicDocumentList>(
        clinicDocumentsKey(clinicId),
        (list) => list && { items: [...list.items, document] },
      );
      onSuccess?.(document, file);
      // The profile's document count decides whether the application may be sent in.
      await queryClient.invalidateQueries({ queryKey: clinicAreaKeys.profile(clinicId) });
    },
    onError,
  });
}
