import type { ClinicReview } from '../../../../contracts/admin.ts';
import { apiSend } from '../../../lib/api-send.ts';
import type { MutationCallbacks } from '../../../lib/query-client.ts';
import { type ClinicChange, useClinicReviewMutation } from './use-clinic-review-mutation.ts';

/** POST /api/admin/clinics/:id/approve-application: a waiting application becomes Godkänd (409 otherwise). */
export const approveApplication = (accessToken: string, { clinicId }: ClinicChange) =>
  apiSend<ClinicReview>('POST', `/admin/clinics/${encodeURIComponent(clinicId)}/approve-application`, undefined, {
    accessToken,
  });

export const useApproveApplication = (callbacks?: MutationCallbacks<ClinicReview, ClinicChange>) =>
  useClinicReviewMutation(approveApplication, callbacks);
