import { useMutation } from '@tanstack/react-query';
import type { ClinicDocument } from '../../../../contracts/clinic-area.ts';
import { useAccessToken } from '../../../lib/access-token.tsx';
import { apiGetBlob } from '../../../lib/api-send.ts';
import type { MutationCallbacks } from '../../../lib/query-client.ts';
import { saveFile } from '../../../lib/save-file.ts';

/** GET /api/admin/documents/:id/download: any clinic's document, only with the token, so never a plain link. */
export const getDocumentFile = (accessToken: string, documentId: string, signal?: AbortSignal) =>
  apiGetBlob(`/admin/documents/${encodeURIComponent(documentId)}/download`, { signal, accessToken });

export function useDownloadDocument({ onError }: Pick<MutationCallbacks<void, ClinicDocument>, 'onError'> = {}) {
  const accessToken = useAccessToken();
  return useMutation({
    mutationFn: async (document: ClinicDocument) =>
      saveFile(await getDocumentFile(await accessToken(), document.id), document.fileName),
    onError,
  });
}
