import type { ClinicReview, ReasonInput } from '../../../../contracts/admin.ts';
import { apiSend } from '../../../lib/api-send.ts';
import type { MutationCallbacks } from '../../../lib/query-client.ts';
import { type ClinicChange, useClinicReviewMutation } from './use-clinic-review-mutation.ts';

export type ChangeRefusal = ClinicChange & ReasonInput;

/** POST /api/admin/clinics/:id/change-request/refuse: the reviewed values stay; the clinic reads the reason. */
export const refuseChangeRequest = (accessToken: string, { clinicId, reason }: ChangeRefusal) =>
  apiSend<ClinicReview>(
    'POST',
    `/admin/clinics/${encodeURIComponent(clinicId)}/change-request/refuse`,
    { reason },
    { accessToken },
  );

export const useRefuseChangeRequest = (callbacks?: MutationCallbacks<ClinicReview, ChangeRefusal>) =>
  useClinicReviewMutation(refuseChangeRequest, callbacks);
