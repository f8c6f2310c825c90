import type { User } from '@supabase/auth-js';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { loadAuthClient } from '../../../lib/auth-client.ts';

/**
 * POST /auth/v1/verify with the token mailed to a new address (type email_change): the address
 * changes, the account's other sessions end and this browser is signed in with the new address.
 */
export async function verifyEmailChange(tokenHash: string): Promise<User> {
  const client = await loadAuthClient();
  const { data, error } = await client.verifyOtp({ token_hash: tokenHash, type: 'email_change' });
  if (error) throw error;
  if (!data.user) throw new Error('The email change link was accepted without a user');
  return data.user;
}

// A token works once: the query (not an effect) makes sure a re-render or remount never spends it twice.
export const getVerifyEmailChangeQueryOptions = (tokenHash: string) =>
  queryOptions({
    queryKey: ['auth', 'email-change', tokenHash],
    queryFn: () => verifyEmailChange(tokenHash),
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
  });

export const useVerifyEmailChange = (tokenHash: string) => useQuery(getVerifyEmailChangeQueryOptions(tokenHash));
