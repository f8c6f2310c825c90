import type { ClinicReview } from '../../../../contracts/admin.ts';
import { apiSend } from '../../../lib/api-send.ts';
import type { MutationCallbacks } from '../../../lib/query-client.ts';
import { type ClinicChange, useClinicReviewMutation } from './use-clinic-review-mutation.ts';

/** POST /api/admin/clinics/:id/reinstate: the suspended certificate is active again, back in the register. */
export const reinstateClinic = (accessToken: string, { clinicId }: ClinicChange) =>
  apiSend<ClinicReview>('POST', `/admin/clinics/${encodeURIComponent(clinicId)}/reinstate`, undefined, {
    accessToken,
  });

export const useReinstateClinic = (callbacks?: MutationCallbacks<ClinicReview, ClinicChange>) =>
  useClinicReviewMutation(reinstateClinic, callbacks);
