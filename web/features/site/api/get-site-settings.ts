import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SiteSettings, SocialLinks } from '../../../../contracts/site.ts';
import { apiGet } from '../../../lib/api-client.ts';

export const getSiteSettings = (signal?: AbortSignal) => apiGet<SiteSettings>('/site/settings', { signal });

export const getSiteSettingsQueryOptions = () =>
  queryOptions({ queryKey: ['site', 'settings'], queryFn: ({ signal }) => getSiteSettings(signal) });

export const useSiteSettings = () => useQuery(getSiteSettingsQueryOptions());

const FALLBACK_SITE_TITLE = 'Certifierad Klinik';

/** The site title from the settings (editable in the admin CMS), the product name until it has loaded. */
export const useSiteTitle = () => useSiteSettings().data?.siteTitle ?? FALLBACK_SITE_TITLE;

/** The footer's social profiles as the admin set them (issue 28); none until the settings have loaded. */
export const useSocialLinks = (): SocialLinks | undefined => useSiteSettings().data?.socialLinks;
