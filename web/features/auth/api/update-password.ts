import type { User } from '@supabase/auth-js';
import { loadAuthClient } from '../../../lib/auth-client.ts';

/**
 * PUT /auth/v1/user with a new password: signed in normally, the current password must come along
 * (`current_password`, and the server then signs out the other sessions); in a recovery session it is not needed.
 */
export async function updatePassword(password: string, currentPassword?: string): Promise<User> {
  const client = await loadAuthClient();
  const { data, error } = await client.updateUser(
    currentPassword === undefined ? { password } : { password, current_password: currentPassword },
  );
  if (error) throw error;
  return data.user;
}
