import type { ClinicReview, ReasonInput } from '../../../../contracts/admin.ts';
import { apiSend } from '../../../lib/api-send.ts';
import type { MutationCallbacks } from '../../../lib/query-client.ts';
import { type ClinicChange, useClinicReviewMutation } from './use-clinic-review-mutation.ts';

export type Denial = ClinicChange & ReasonInput;

/** POST /api/admin/clinics/:id/deny: a waiting application becomes Nekad with the reason the clinic reads. */
export const denyApplication = (accessToken: string, { clinicId, reason }: Denial) =>
  apiSend<ClinicReview>('POST', `/admin/clinics/${encodeURIComponent(clinicId)}/deny`, { reason }, { accessToken });

export const useDenyApplication = (callbacks?: MutationCallbacks<ClinicReview, Denial>) =>
  useClinicReviewMutation(denyApplication, callbacks);
