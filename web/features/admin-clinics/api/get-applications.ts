import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ApplicationList } from '../../../../contracts/admin.ts';
import { type AccessToken, useAccessToken } from '../../../lib/access-token.tsx';
import { apiGet } from '../../../lib/api-client.ts';
import { adminClinicKeys, type ApplicationQuery } from './keys.ts';

/** GET /api/admin/applications: those sent in, newest first; with `drafts` the drafts not sent in too. */
export const getApplications = (accessToken: string, { drafts, page }: ApplicationQuery, signal?: AbortSignal) => {
  const query = new URLSearchParams({ page: String(page) });
  if (drafts) query.set('drafts', 'true');
  return apiGet<ApplicationList>(`/admin/applications?${query}`, { signal, accessToken });
};

export const getApplicationsQueryOptions = (accessToken: AccessToken, query: ApplicationQuery) =>
  queryOptions({
    queryKey: adminClinicKeys.applicationList(query),
    queryFn: async ({ signal }) => getApplications(await accessToken(), query, signal),
    // The page shown stays while the next page or filter loads, rather than a skeleton in between.
    placeholderData: keepPreviousData,
    meta: { errorToast: 'admin:applications.toasts.loadError' },
  });

export const useApplications = (query: ApplicationQuery) =>
  useQuery(getApplicationsQueryOptions(useAccessToken(), query));
