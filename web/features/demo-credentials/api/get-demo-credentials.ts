import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DemoCredentials } from '../../../../contracts/site.ts';
import { ApiRequestError, apiGet } from '../../../lib/api-client.ts';

export const getDemoCredentials = (signal?: AbortSignal) =>
  apiGet<DemoCredentials>('/site/demo-credentials', { signal });

/** A 404 is the installation's answer (not a demo), not a failure worth retrying. */
export const isNotDemoInstallation = (error: unknown) => error instanceof ApiRequestError && error.status === 404;

export const getDemoCredentialsQueryOptions = () =>
  queryOptions({
    queryKey: ['site', 'demo-credentials'],
    queryFn: ({ signal }) => getDemoCredentials(signal),
    retry: (failureCount, error) => !isNotDemoInstallation(error) && failureCount < 1,
  });

export const useDemoCredentials = () => useQuery(getDemoCredentialsQueryOptions());
