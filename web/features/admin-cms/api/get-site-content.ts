import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminSiteContent } from '../../../../contracts/admin.ts';
import { type AccessToken, useAccessToken } from '../../../lib/access-token.tsx';
import { apiGet } from '../../../lib/api-client.ts';

export const siteContentKey = ['admin', 'site'] as const;

/** GET /api/admin/site: the site title and the hero texts in both languages, as an admin edits them. */
export const getSiteContent = (accessToken: string, signal?: AbortSignal) =>
  apiGet<AdminSiteContent>('/admin/site', { signal, accessToken });

export const getSiteContentQueryOptions = (accessToken: AccessToken) =>
  queryOptions({
    queryKey: siteContentKey,
    queryFn: async ({ signal }) => getSiteContent(await accessToken(), signal),
    meta: { errorToast: 'admin:cms.toasts.loadError' },
  });

export const useSiteContent = () => useQuery(getSiteContentQueryOptions(useAccessToken()));
