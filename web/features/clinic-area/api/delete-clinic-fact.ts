import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ClinicFact } from '../../../../contracts/facts.ts';
import { apiSend } from '../../../lib/api-send.ts';
import type { MutationCallbacks } from '../../../lib/query-client.ts';
import { useClinicSession } from '../components/clinic-session.tsx';
import { clinicFactsKey } from './get-clinic-facts.ts';

/** DELETE /api/clinic/facts/:id */
export const deleteClinicFact = (accessToken: string, id: string) =>
  apiSend<void>('DELETE', `/clinic/facts/${id}`, undefined, { accessToken });

export function useDeleteClinicFact({ onSuccess, onError }: MutationCallbacks<void, ClinicFact> = {}) {
  const { clinicId, accessToken } = useClinicSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (fact: ClinicFact) => deleteClinicFact(await accessToken(), fact.id),
    onSuccess,
    onError,
    onSettled: () => queryClient.invalidateQueries({ queryKey: clinicFactsKey(clinicId) }),
  });
}
