import { useMutation } from '@tanstack/react-query';
import type { ClinicDocument } from '../../../../contracts/clinic-area.ts';
import { apiGetBlob } from '../../../lib/api-send.ts';
import type { MutationCallbacks } from '../../../lib/query-client.ts';
import { saveFile } from '../../../lib/save-file.ts';
import { useClinicSession } from '../components/clinic-session.tsx';

/** GET /api/clinic/documents/:id/download: only with the token, so never a plain link (ARCHITECTURE "Data"). */
export const downloadClinicDocument = async (accessToken: string, document: ClinicDocument) =>
  saveFile(await apiGetBlob(`/clinic/documents/${document.id}/download`, { accessToken }), document.fileName);

export function useDownloadClinicDocument({ onError }: Pick<MutationCallbacks<void, ClinicDocument>, 'onError'> = {}) {
  const { accessToken } = useClinicSession();
  return useMutation({
    mutationFn: async (document: ClinicDocument) => downloadClinicDocument(await accessToken(), document),
    onError,
  });
}
