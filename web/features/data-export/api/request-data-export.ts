import { useMutation } from '@tanstack/react-query';
import type { DataExportLink } from '../../../../contracts/data-export.ts';
import { useAccessToken } from '../../../lib/access-token.tsx';
import { apiSend } from '../../../lib/api-send.ts';
import type { MutationCallbacks } from '../../../lib/query-client.ts';

/** Whose data: the signed-in person's own, or (an admin's request) the account of that id. */
export type DataExportSubject = { kind: 'own' } | { kind: 'user'; userId: string };

/** POST /api/me/data-export or /api/admin/users/:id/data-export: a one-minute link to the zip. */
export const requestDataExport = (accessToken: string, subject: DataExportSubject) =>
  apiSend<DataExportLink>(
    'POST',
    subject.kind === 'own' ? '/me/data-export' : `/admin/users/${encodeURIComponent(subject.userId)}/data-export`,
    undefined,
    { accessToken },
  );

/**
 * Follows the link as a plain download (the server answers it as an attachment), so the browser streams
 * the zip to disk: never a fetch into a Blob, which would hold a clinic's documents in memory.
 */
function startDownload(url: string): void {
  const link = document.createElement('a');
  link.href = url;
  // Should the link fail, the browser shows a failed download and the page stays as it is.
  link.download = '';
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
}

export function useDataExport({ onError }: Pick<MutationCallbacks<void, DataExportSubject>, 'onError'> = {}) {
  const accessToken = useAccessToken();
  return useMutation({
    mutationFn: async (subject: DataExportSubject) =>
      startDownload((await requestDataExport(await accessToken(), subject)).url),
    onError,
  });
}
