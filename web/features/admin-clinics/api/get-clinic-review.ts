import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ClinicReview } from '../../../../contracts/admin.ts';
import { type AccessToken, useAccessToken } from '../../../lib/access-token.tsx';
import { apiGet } from '../../../lib/api-client.ts';
import { adminClinicKeys } from './keys.ts';

/** GET /api/admin/clinics/:id: the application, the documents and the history of one clinic. */
export const getClinicReview = (accessToken: string, clinicId: string, signal?: AbortSignal) =>
  apiGet<ClinicReview>(`/admin/clinics/${encodeURIComponent(clinicId)}`, { signal, accessToken });

/** `errorToast`: the toast title of the page asking, e.g. 'Kunde inte hämta dokument' for the documents dialog. */
export const getClinicReviewQueryOptions = (accessToken: AccessToken, clinicId: string, errorToast: string) =>
  queryOptions({
    queryKey: adminClinicKeys.review(clinicId),
    queryFn: async ({ signal }) => getClinicReview(await accessToken(), clinicId, signal),
    meta: { errorToast },
  });

export const useClinicReview = (clinicId: string, errorToast: string) =>
  useQuery(getClinicReviewQueryOptions(useAccessToken(), clinicId, errorToast));
