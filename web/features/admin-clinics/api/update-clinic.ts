import type { AdminClinicChanges, ClinicReview } from '../../../../contracts/admin.ts';
import { apiSend } from '../../../lib/api-send.ts';
import type { MutationCallbacks } from '../../../lib/query-client.ts';
import { type ClinicChange, useClinicReviewMutation } from './use-clinic-review-mutation.ts';

export type ClinicEdit = ClinicChange & { changes: AdminClinicChanges };

/** PATCH /api/admin/clinics/:id: the clinic's name and application details; null clears a field. */
export const updateClinic = (accessToken: string, { clinicId, changes }: ClinicEdit) =>
  apiSend<ClinicReview>('PATCH', `/admin/clinics/${encodeURIComponent(clinicId)}`, changes, { accessToken });

export const useUpdateClinic = (callbacks?: MutationCallbacks<ClinicReview, ClinicEdit>) =>
  useClinicReviewMutation(updateClinic, callbacks);
