import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ClinicDocument, ClinicDocumentList, ClinicOwnProfile } from '../../../../contracts/clinic-area.ts';
import { apiSend } from '../../../lib/api-send.ts';
import type { MutationCallbacks } from '../../../lib/query-client.ts';
import { useClinicSession } from '../components/clinic-session.tsx';
import { isReviewLocked } from '../lib/change-request.ts';
import { clinicDocumentsKey } from './get-clinic-documents.ts';
import { clinicAreaKeys } from './get-clinic-profile.ts';

/** DELETE /api/clinic/documents/:id */
export const deleteClinicDocument = (accessToken: string, id: string) =>
  apiSend<void>('DELETE', `/clinic/documents/${id}`, undefined, { accessToken });

/** What deleting does: the document goes, or (a reviewed one once sent in) it stays until an admin approves its removal. */
export type DocumentDeletion = 'deleted' | 'removal_requested';

/**
 * SPEC section 4: the document leaves the list at once and comes back if deleting fails. Once the
 * application is sent in (issue 27), a reviewed document stays, marked for removal, as the server keeps it.
 */
export function useDeleteClinicDocument({
  onSuccess,
  onError,
}: MutationCallbacks<DocumentDeletion, ClinicDocument> = {}) {
  const { clinicId, accessToken } = useClinicSession();
  const queryClient = useQueryClient();
  const key = clinicDocumentsKey(clinicId);
  const deletionOf = (document: ClinicDocument): DocumentDeletion => {
    const profile = queryClient.getQueryData<ClinicOwnProfile>(clinicAreaKeys.profile(clinicId));
    return document.state === 'reviewed' && profile && isReviewLocked(profile) ? 'removal_requested' : 'deleted';
  };
  return useMutation({
    mutationFn: async (document: ClinicDocument): Promise<DocumentDeletion> => {
      await deleteClinicDocument(await accessToken(), document.id);
      return deletionOf(document);
    },
    onMutate: async (document) => {
      // A list arriving now would bring the document back for a moment.
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<ClinicDocumentList>(key);
      const marked = deletionOf(document) === 'removal_requested';
      queryClient.setQueryData<ClinicDocumentList>(
        key,
        (list) =>
          list && {
            items: marked
              ? list.items.map((item) =>
                  item.id === document.id ? { ...item, state: 'removal_requested' as const } : item,
                )
              : list.items.filter((item) => item.id !== document.id),
          },
      );
      return { before };
    },
    onSuccess,
    onError: (error, document, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
      onError?.(error, document);
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: key }),
        queryClient.invalidateQueries({ queryKey: clinicAreaKeys.profile(clinicId) }),
      ]),
  });
}
