import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ClinicInvitation, ReviewInvitationForm } from '../../../../contracts/reviews.ts';
import { useAccessToken } from '../../../lib/access-token.tsx';
import { apiSend } from '../../../lib/api-send.ts';
import type { MutationCallbacks } from '../../../lib/query-client.ts';
import { useSignedInUserId } from '../../../lib/signed-in-user.tsx';
import { clinicInvitationKeys } from './get-invitations.ts';

/** POST /api/clinic/review-invitations: emails the customer a one-time link to review the visit. */
export const createInvitation = (accessToken: string, form: ReviewInvitationForm) =>
  apiSend<ClinicInvitation>('POST', '/clinic/review-invitations', form, { accessToken });

export function useCreateInvitation({
  onSuccess,
  onError,
}: MutationCallbacks<ClinicInvitation, ReviewInvitationForm> = {}) {
  const accessToken = useAccessToken();
  const clinicId = useSignedInUserId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (form: ReviewInvitationForm) => createInvitation(await accessToken(), form),
    onSuccess,
    onError,
    // Sent or refused (the day's limit reached, the certificate lapsed), the list and what today allows are read again.
    onSettled: () => queryClient.invalidateQueries({ queryKey: clinicInvitationKeys.list(clinicId) }),
  });
}
