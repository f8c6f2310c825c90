import { paths } from '../../../config/paths.ts';
import { loadAuthClient } from '../../../lib/auth-client.ts';

/** POST /auth/v1/recover: the server mails a link to /reset-password when the account exists. */
export async function requestPasswordReset(email: string): Promise<void> {
  const client = await loadAuthClient();
  const { error } = await client.resetPasswordForEmail(email, {
    redirectTo: `${window.location.origin}${paths.resetPassword}`,
  });
  if (error) throw error;
}
