import { QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiRequestError, apiErrorMessage } from './api-client.ts';
import { i18n } from './i18n.ts';
import { toast } from './toast.ts';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: {
      /**
       * The translation key of a toast title for when loading fails (SPEC section 8, e.g. 'Kunde
       * inte hämta profil'); the server's message is its description. Without it a failure shows nothing.
       */
      errorToast?: string;
    };
  }
}

/**
 * A failed load is tried once more, unless the server refused it (4xx): the same request would get
 * the same answer, and a register search over its time budget (422) would hold the database twice.
 */
export function retriesLoad(failureCount: number, error: Error): boolean {
  const refused = error instanceof ApiRequestError && error.status >= 400 && error.status < 500;
  return failureCount < 1 && !refused;
}

/** The app's query client; tests make their own with the same behaviour. */
export const createQueryClient = () =>
  new QueryClient({
    // Once per failed query (after its retries), not once per component that shows it.
    queryCache: new QueryCache({
      onError: (error, query) => {
        const title = query.meta?.errorToast;
        if (title) toast({ title: i18n.t(title), description: apiErrorMessage(error), variant: 'destructive' });
      },
    }),
    defaultOptions: {
      queries: { staleTime: 60_000, retry: retriesLoad, refetchOnWindowFocus: false },
    },
  });

export const queryClient = createQueryClient();

/**
 * What a page adds to a mutation hook, typically its toasts. Given to the hook rather than to
 * `mutate`, they run even when the person has left the page before the call ended.
 */
export interface MutationCallbacks<TData, TVariables> {
  onSuccess?: (data: TData, variables: TVariables) => void;
  onError?: (error: Error, variables: TVariables) => void;
}
