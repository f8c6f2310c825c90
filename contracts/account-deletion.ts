import { z } from 'zod';
import { hasNoNul } from './clinics.ts';

// Deleting an account (issue 26 point 2, docs/decisions/035): the person with the password, or an
// admin on the person's request with a reason. The account keeps an anonymous row; see the decision.

/** Longer than any password sign-up accepts (server/services/auth/passwords.ts), so never the right one. */
const PASSWORD_MAX_LENGTH = 1024;

/** DELETE /api/me/account: the account's own password, as on signing in. */
export const DeleteAccountSchema = z.strictObject({
  password: z
    .string({ error: 'validation:passwordRequired' })
    .min(1, 'validation:passwordRequired')
    .max(PASSWORD_MAX_LENGTH, 'validation:accountPasswordWrong'),
});
export type DeleteAccountInput = z.infer<typeof DeleteAccountSchema>;

export const ERASE_REASON_MAX_LENGTH = 1000;

/** POST /api/admin/users/:id/erase: why, for the audit log (who asked, when, how it was checked). */
export const EraseAccountSchema = z.strictObject({
  reason: z
    .string({ error: 'validation:eraseReasonRequired' })
    .trim()
    .min(1, 'validation:eraseReasonRequired')
    .max(ERASE_REASON_MAX_LENGTH, 'validation:eraseReasonTooLong')
    .refine(hasNoNul, 'validation:textInvalid'),
});
export type EraseAccountInput = z.input<typeof EraseAccountSchema>;

/** The reason a deleted clinic's certificate is withdrawn with: public on its verification page and history. */
export const ACCOUNT_CLOSED_REASON = 'Kontot avslutat';
