import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminClinicPage, ApplicationList, ClinicReview } from '../../../../contracts/admin.ts';
import { useAccessToken } from '../../../lib/access-token.tsx';
import { ApiRequestError } from '../../../lib/api-client.ts';
import type { MutationCallbacks } from '../../../lib/query-client.ts';
import { adminClinicKeys } from './keys.ts';

/** What every change to one clinic is given: the clinic, and for some the change itself. */
export interface ClinicChange {
  clinicId: string;
}

/**
 * The clinic as the server now answers it, shown at once wherever it is listed: an approved clinic
 * leaves the applications list (it holds Väntar and Nekad). Both kinds of list then load again in the
 * background; the dialog that made the change need not wait for that.
 */
function storeClinicReview(queryClient: QueryClient, review: ClinicReview): void {
  const { clinic } = review;
  queryClient.setQueryData(adminClinicKeys.review(clinic.id), review);
  queryClient.setQueriesData<AdminClinicPage>({ queryKey: adminClinicKeys.clinicLists() }, (page) =>
    page
      ? {
          ...page,
          items: page.items.map((row) =>
            row.id === clinic.id
              ? {
                  ...row,
                  fullName: clinic.fullName,
                  email: clinic.email,
                  city: clinic.city,
                  orgNumber: clinic.orgNumber,
                  applicationStatus: clinic.applicationStatus,
                  phase: clinic.phase,
                  isCertified: clinic.isCertified,
                  isPublic: clinic.isPublic,
                }
              : row,
          ),
        }
      : page,
  );
  queryClient.setQueriesData<ApplicationList>({ queryKey: adminClinicKeys.applicationLists() }, (list) => {
    if (!list?.items.some((item) => item.id === clinic.id)) return list;
    if (clinic.applicationStatus === 'Godkänd')
      return { ...list, items: list.items.filter((item) => item.id !== clinic.id), total: list.total - 1 };
    return {
      ...list,
      items: list.items.map((item) =>
        item.id === clinic.id
          ? {
              ...item,
              fullName: clinic.fullName,
              applicationStatus: clinic.applicationStatus,
              phase: clinic.phase,
              submittedAt: clinic.submittedAt,
              documentCount: clinic.documentCount,
            }
          : item,
      ),
    };
  });
  void queryClient.invalidateQueries({ queryKey: adminClinicKeys.applicationLists() });
  void queryClient.invalidateQueries({ queryKey: adminClinicKeys.clinicLists() });
  // An approval gives the certificate its scope; a change of the org number unchecks its fact.
  void queryClient.invalidateQueries({ queryKey: adminClinicKeys.facts(clinic.id) });
}

/**
 * A decision or edit of one clinic (each answers the clinic's review). When another admin got there
 * first (409), the review and the lists load again so the page shows what is true now.
 */
export function useClinicReviewMutation<TChange extends ClinicChange>(
  send: (accessToken: string, change: TChange) => Promise<ClinicReview>,
  { onSuccess, onError }: MutationCallbacks<ClinicReview, TChange> = {},
) {
  const accessToken = useAccessToken();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (change: TChange) => send(await accessToken(), change),
    onSuccess: (review, change) => {
      onSuccess?.(review, change);
      storeClinicReview(queryClient, review);
    },
    onError: async (error, change) => {
      onError?.(error, change);
      if (error instanceof ApiRequestError && error.status === 409)
        await queryClient.invalidateQueries({ queryKey: adminClinicKeys.all });
    },
  });
}
