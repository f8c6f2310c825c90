import type { AdminPosition, ClinicReview } from '../../../../contracts/admin.ts';
import { apiSend } from '../../../lib/api-send.ts';
import type { MutationCallbacks } from '../../../lib/query-client.ts';
import { type ClinicChange, useClinicReviewMutation } from './use-clinic-review-mutation.ts';

export type PositionChange = ClinicChange & AdminPosition;

/** PUT /api/admin/clinics/:id/position: where the clinic really is, for the register's distance search (issue 24). */
export const correctClinicPosition = (accessToken: string, { clinicId, ...position }: PositionChange) =>
  apiSend<ClinicReview>('PUT', `/admin/clinics/${encodeURIComponent(clinicId)}/position`, position, { accessToken });

export const useCorrectClinicPosition = (callbacks?: MutationCallbacks<ClinicReview, PositionChange>) =>
  useClinicReviewMutation(correctClinicPosition, callbacks);
