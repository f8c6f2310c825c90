import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ClinicDocument, ClinicDocumentList } from '../../../../contracts/clinic-area.ts';
import { apiSend } from '../../../lib/api-send.ts';
import type { MutationCallbacks } from '../../../lib/query-client.ts';
import { useClinicSession } from '../components/clinic-session.tsx';
import { clinicDocumentsKey } from './get-clinic-documents.ts';
import { clinicAreaKeys } from './get-clinic-profile.ts';

/** DELETE /api/clinic/documents/:id */
export const deleteClinicDocument = (accessToken: string, id: string) => apiSend<void>('DELETE', `/clinic/documents/${id}`, undefined, { accessToken });

/** SPEC section 4: the document leaves the list at once and comes back if deleting fails. */
export function useDeleteClinicDocument({ onSuccess, onError }: MutationCallbacks<void, ClinicDocument> = {}) {
  const { clinicId, accessToken } = useClinicSession();
  const queryClient = useQueryClient();
  const key = clinicDocumentsKey(clinicId);
  return useMutation({
    mutationFn: async (document: ClinicDocument) => deleteClinicDocument(await accessToken(), document.id),
    onMutate: async (document) => {
      // A list arriving now would bring the document back for a moment.
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<ClinicDocumentList>(key);
      queryClient.setQueryData<ClinicDocumentList>(key, (list) => list && { items: list.items.filter((item) => item.id !== document.id) });
      return { before };
    },
    onSuccess,
    onError: (error, document, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
      onError?.(error, document);
    },
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: key }), queryClient.invalidateQueries({ queryKey: clinicAreaKeys.profile(clinicId) })]),
  });
}
