import type { User } from '@supabase/auth-js';
import { loadAuthClient } from '../../../lib/auth-client.ts';

/** What the settings change; what is left out stays as it is. */
export interface AccountChanges {
  fullName?: string;
  email?: string;
  password?: string;
  /** Needed for a new email address or password. */
  currentPassword?: string;
}

/**
 * PUT /auth/v1/user through auth-js, in one request so that the changes are saved together or not at
 * all: the name as `data.full_name`, a new address and a new password with `current_password`. After
 * a new password the server signs out the account's other sessions. auth-js then announces
 * USER_UPDATED with the new user. Rejects with auth-js's error (its `code` names the cause).
 */
export async function updateAccount({ fullName, email, password, currentPassword }: AccountChanges): Promise<User> {
  const client = await loadAuthClient();
  const { data, error } = await client.updateUser({
    ...(fullName === undefined ? {} : { data: { full_name: fullName } }),
    ...(email === undefined ? {} : { email }),
    ...(password === undefined ? {} : { password }),
    ...(currentPassword === undefined ? {} : { current_password: currentPassword }),
  });
  if (error) throw error;
  return data.user;
}
