import type { AdminFacts } from '../../../../contracts/admin.ts';
import type { TreatmentId } from '../../../../contracts/treatments.ts';
import { apiSend } from '../../../lib/api-send.ts';
import type { MutationCallbacks } from '../../../lib/query-client.ts';
import { useClinicFactsMutation } from './use-clinic-facts-mutation.ts';
import type { ClinicChange } from './use-clinic-review-mutation.ts';

export type ScopeChange = ClinicChange & { treatments: TreatmentId[] };

/** PUT /api/admin/clinics/:id/scope: what the standing certificates cover (409 while a fact they need is unverified). */
export const changeScope = (accessToken: string, { clinicId, treatments }: ScopeChange) =>
  apiSend<AdminFacts>('PUT', `/admin/clinics/${encodeURIComponent(clinicId)}/scope`, { treatments }, { accessToken });

export const useChangeScope = (callbacks?: MutationCallbacks<AdminFacts, ScopeChange>) =>
  useClinicFactsMutation(changeScope, callbacks);
