import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminUserPage } from '../../../../contracts/admin.ts';
import { type AccessToken, useAccessToken } from '../../../lib/access-token.tsx';
import { apiGet } from '../../../lib/api-client.ts';

export interface UserListQuery {
  search: string;
  page: number;
}

export const adminUserKeys = {
  lists: () => ['admin', 'users', 'list'] as const,
  list: (query: UserListQuery) => [...adminUserKeys.lists(), query] as const,
};

/** GET /api/admin/users: customers searched on the server by name or email, one page. */
export const getUsers = (accessToken: string, { search, page }: UserListQuery, signal?: AbortSignal) => {
  const query = new URLSearchParams({ page: String(page) });
  if (search) query.set('search', search);
  return apiGet<AdminUserPage>(`/admin/users?${query}`, { signal, accessToken });
};

export const getUsersQueryOptions = (accessToken: AccessToken, query: UserListQuery) =>
  queryOptions({
    queryKey: adminUserKeys.list(query),
    queryFn: async ({ signal }) => getUsers(await accessToken(), query, signal),
    // The rows shown stay while the next search or page loads.
    placeholderData: keepPreviousData,
    meta: { errorToast: 'admin:users.toasts.loadError' },
  });

export const useUsers = (query: UserListQuery) => useQuery(getUsersQueryOptions(useAccessToken(), query));
