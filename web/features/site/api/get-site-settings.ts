import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SiteSettings } from '../../../../contracts/site.ts';
import { apiGet } from '../../../lib/api-client.ts';

export const getSiteSettings = (signal?: AbortSignal) => apiGet<SiteSettings>('/site/settings', signal);

export const getSiteSettingsQueryOptions = () =>
  queryOptions({ queryKey: ['site', 'settings'], queryFn: ({ signal }) => getSiteSettings(signal) });

export const useSiteSettings = () => useQuery(getSiteSettingsQueryOptions());
