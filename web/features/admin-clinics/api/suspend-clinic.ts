import type { ClinicReview, SuspensionInput } from '../../../../contracts/admin.ts';
import { apiSend } from '../../../lib/api-send.ts';
import type { MutationCallbacks } from '../../../lib/query-client.ts';
import { type ClinicChange, useClinicReviewMutation } from './use-clinic-review-mutation.ts';

export type Suspension = ClinicChange & SuspensionInput;

/** POST /api/admin/clinics/:id/suspend: the active certificate is suspended with a public reason, out of the register. */
export const suspendClinic = (accessToken: string, { clinicId, reason }: Suspension) =>
  apiSend<ClinicReview>('POST', `/admin/clinics/${encodeURIComponent(clinicId)}/suspend`, { reason }, { accessToken });

export const useSuspendClinic = (callbacks?: MutationCallbacks<ClinicReview, Suspension>) =>
  useClinicReviewMutation(suspendClinic, callbacks);
