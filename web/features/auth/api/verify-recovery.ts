import type { User } from '@supabase/auth-js';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { loadAuthClient } from '../../../lib/auth-client.ts';

/** POST /auth/v1/verify with the emailed token: signs in with a recovery session (PASSWORD_RECOVERY). */
export async function verifyRecovery(tokenHash: string): Promise<User> {
  const client = await loadAuthClient();
  const { data, error } = await client.verifyOtp({ token_hash: tokenHash, type: 'recovery' });
  if (error) throw error;
  if (!data.user) throw new Error('The recovery link was accepted without a user');
  return data.user;
}

// A token works once: the query (not an effect) makes sure a re-render or remount never spends it twice.
export const getVerifyRecoveryQueryOptions = (tokenHash: string) =>
  queryOptions({
    queryKey: ['auth', 'recovery', tokenHash],
    queryFn: () => verifyRecovery(tokenHash),
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
  });

export const useVerifyRecovery = (tokenHash: string) => useQuery(getVerifyRecoveryQueryOptions(tokenHash));
