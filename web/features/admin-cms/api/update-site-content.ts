import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminSiteContent } from '../../../../contracts/admin.ts';
import { useAccessToken } from '../../../lib/access-token.tsx';
import { apiSend } from '../../../lib/api-send.ts';
import type { MutationCallbacks } from '../../../lib/query-client.ts';
import { siteContentKey } from './get-site-content.ts';

/** PUT /api/admin/site: saves the site title and the hero texts; answers them as stored. */
export const updateSiteContent = (accessToken: string, content: AdminSiteContent) =>
  apiSend<AdminSiteContent>('PUT', '/admin/site', content, { accessToken });

export function useUpdateSiteContent({
  onSuccess,
  onError,
}: MutationCallbacks<AdminSiteContent, AdminSiteContent> = {}) {
  const accessToken = useAccessToken();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (content: AdminSiteContent) => updateSiteContent(await accessToken(), content),
    onSuccess: (saved, content) => {
      queryClient.setQueryData(siteContentKey, saved);
      onSuccess?.(saved, content);
    },
    onError,
  });
}
