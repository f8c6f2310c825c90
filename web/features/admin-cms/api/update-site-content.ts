import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminSiteContent, AdminSiteContentChange } from '../../../../contracts/admin.ts';
import { useAccessToken } from '../../../lib/access-token.tsx';
import { apiSend } from '../../../lib/api-send.ts';
import type { MutationCallbacks } from '../../../lib/query-client.ts';
import { siteContentKey } from './get-site-content.ts';

/** PUT /api/admin/site: saves the site title, the hero texts and the social profiles; answers them as stored. */
export const updateSiteContent = (accessToken: string, content: AdminSiteContentChange) =>
  apiSend<AdminSiteContent>('PUT', '/admin/site', content, { accessToken });

export function useUpdateSiteContent({
  onSuccess,
  onError,
}: MutationCallbacks<AdminSiteContent, AdminSiteContentChange> = {}) {
  const accessToken = useAccessToken();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (content: AdminSiteContentChange) => updateSiteContent(await accessToken(), content),
    onSuccess: (saved, content) => {
      queryClient.setQueryData(siteContentKey, saved);
      onSuccess?.(saved, content);
    },
    onError,
  });
}
