import type { ClinicReview } from '../../../../contracts/admin.ts';
import { apiSend } from '../../../lib/api-send.ts';
import type { MutationCallbacks } from '../../../lib/query-client.ts';
import { type ClinicChange, useClinicReviewMutation } from './use-clinic-review-mutation.ts';

/** POST /api/admin/clinics/:id/approve: the clinics table's 'Godkänn' certifies a waiting or denied clinic directly. */
export const approveClinic = (accessToken: string, { clinicId }: ClinicChange) =>
  apiSend<ClinicReview>('POST', `/admin/clinics/${encodeURIComponent(clinicId)}/approve`, undefined, { accessToken });

export const useApproveClinic = (callbacks?: MutationCallbacks<ClinicReview, ClinicChange>) =>
  useClinicReviewMutation(approveClinic, callbacks);
