import type { User } from '@supabase/auth-js';
import { loadAuthClient } from '../../../lib/auth-client.ts';

/** PUT /auth/v1/user with a new password (in a recovery session no current password is needed). */
export async function updatePassword(password: string): Promise<User> {
  const client = await loadAuthClient();
  const { data, error } = await client.updateUser({ password });
  if (error) throw error;
  return data.user;
}
