import type { ClinicReview } from '../../../../contracts/admin.ts';
import { apiSend } from '../../../lib/api-send.ts';
import type { MutationCallbacks } from '../../../lib/query-client.ts';
import { type ClinicChange, useClinicReviewMutation } from './use-clinic-review-mutation.ts';

/** POST /api/admin/clinics/:id/change-request/approve: the clinic's requested values become the reviewed ones (409 when none waits). */
export const approveChangeRequest = (accessToken: string, { clinicId }: ClinicChange) =>
  apiSend<ClinicReview>('POST', `/admin/clinics/${encodeURIComponent(clinicId)}/change-request/approve`, undefined, {
    accessToken,
  });

export const useApproveChangeRequest = (callbacks?: MutationCallbacks<ClinicReview, ClinicChange>) =>
  useClinicReviewMutation(approveChangeRequest, callbacks);
