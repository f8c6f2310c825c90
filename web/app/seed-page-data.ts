import type { QueryClient } from '@tanstack/react-query';
import type { PageData } from '../../build/prerendered-files.ts';
import { getClinicProfileQueryOptions } from '../features/clinic-profile/api/get-clinic-profile.ts';
import { getClinicsQueryOptions } from '../features/clinic-register/api/get-clinics.ts';
import { getSiteSettingsQueryOptions } from '../features/site/api/get-site-settings.ts';

/**
 * Puts a page's data where its queries look for it: in the server's renderer before it renders, and in
 * the browser before the app's first render, so the app starts with what the server showed instead of
 * asking the API again and rendering the cards a second time when the answer comes.
 */
export function seedPageData(queryClient: QueryClient, data: PageData): void {
  if (data.register) {
    const { page, ...state } = data.register;
    queryClient.setQueryData(getClinicsQueryOptions(state).queryKey, {
      pages: [page],
      pageParams: [null],
    });
  }
  if (data.profile) queryClient.setQueryData(getClinicProfileQueryOptions(data.profile.slug).queryKey, data.profile);
  if (data.site) queryClient.setQueryData(getSiteSettingsQueryOptions().queryKey, data.site);
}
