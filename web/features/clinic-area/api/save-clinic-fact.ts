import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ClinicFact, FactStatement } from '../../../../contracts/facts.ts';
import { apiSend } from '../../../lib/api-send.ts';
import { useClinicSession } from '../components/clinic-session.tsx';
import { clinicFactsKey } from './get-clinic-facts.ts';

/** A new statement (POST /api/clinic/facts), or a stated fact anew (PUT /api/clinic/facts/:id). */
export interface FactSave {
  id?: string;
  statement: FactStatement;
}

export const saveClinicFact = (accessToken: string, { id, statement }: FactSave) =>
  id
    ? apiSend<ClinicFact>('PUT', `/clinic/facts/${id}`, statement, { accessToken })
    : apiSend<ClinicFact>('POST', '/clinic/facts', statement, { accessToken });

/** The form shows its own errors per field, so the caller handles failure; the list refreshes after. */
export function useSaveClinicFact() {
  const { clinicId, accessToken } = useClinicSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (save: FactSave) => saveClinicFact(await accessToken(), save),
    onSettled: () => queryClient.invalidateQueries({ queryKey: clinicFactsKey(clinicId) }),
  });
}
