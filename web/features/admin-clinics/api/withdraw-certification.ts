import type { ClinicReview, ReasonInput } from '../../../../contracts/admin.ts';
import { apiSend } from '../../../lib/api-send.ts';
import type { MutationCallbacks } from '../../../lib/query-client.ts';
import { type ClinicChange, useClinicReviewMutation } from './use-clinic-review-mutation.ts';

export type Withdrawal = ClinicChange & ReasonInput;

/** POST /api/admin/clinics/:id/withdraw: a certified clinic becomes Nekad with the reason, out of the register at once. */
export const withdrawCertification = (accessToken: string, { clinicId, reason }: Withdrawal) =>
  apiSend<ClinicReview>('POST', `/admin/clinics/${encodeURIComponent(clinicId)}/withdraw`, { reason }, { accessToken });

export const useWithdrawCertification = (callbacks?: MutationCallbacks<ClinicReview, Withdrawal>) =>
  useClinicReviewMutation(withdrawCertification, callbacks);
