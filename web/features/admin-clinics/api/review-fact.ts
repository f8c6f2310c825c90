import type { AdminFacts } from '../../../../contracts/admin.ts';
import type { FactReview } from '../../../../contracts/facts.ts';
import { apiSend } from '../../../lib/api-send.ts';
import type { MutationCallbacks } from '../../../lib/query-client.ts';
import { useClinicFactsMutation } from './use-clinic-facts-mutation.ts';
import type { ClinicChange } from './use-clinic-review-mutation.ts';

export type FactCheck = ClinicChange & { factId: string; review: FactReview };

/** PUT /api/admin/clinics/:id/facts/:factId: verified, or rejected with the reason the clinic reads. */
export const reviewFact = (accessToken: string, { clinicId, factId, review }: FactCheck) =>
  apiSend<AdminFacts>(
    'PUT',
    `/admin/clinics/${encodeURIComponent(clinicId)}/facts/${encodeURIComponent(factId)}`,
    review,
    { accessToken },
  );

export const useReviewFact = (callbacks?: MutationCallbacks<AdminFacts, FactCheck>) =>
  useClinicFactsMutation(reviewFact, callbacks);
