import type { ClinicReview } from '../../../../contracts/admin.ts';
import { apiSend } from '../../../lib/api-send.ts';
import type { MutationCallbacks } from '../../../lib/query-client.ts';
import { type ClinicChange, useClinicReviewMutation } from './use-clinic-review-mutation.ts';

export type VisibilityChange = ClinicChange & { isPublic: boolean };

/** PUT /api/admin/clinics/:id/visibility: publishes or hides the clinic (the register shows it only when certified too). */
export const updateClinicVisibility = (accessToken: string, { clinicId, isPublic }: VisibilityChange) =>
  apiSend<ClinicReview>(
    'PUT',
    `/admin/clinics/${encodeURIComponent(clinicId)}/visibility`,
    { isPublic },
    { accessToken },
  );

export const useUpdateClinicVisibility = (callbacks?: MutationCallbacks<ClinicReview, VisibilityChange>) =>
  useClinicReviewMutation(updateClinicVisibility, callbacks);
