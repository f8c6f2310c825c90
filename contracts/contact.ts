import { z } from 'zod';
import { hasNoNul } from './clinics.ts';
import { MESSAGE_MAX_LENGTH } from './messages.ts';

const required = (message: string, max: number, tooLong = 'validation:textTooLong') =>
  z.string().trim().min(1, message).max(max, tooLong).refine(hasNoNul, 'validation:textInvalid');

/** The token of a guest's link to continue a conversation (`/kontakta-oss?token=…`): 256 random bits, base64url. */
export const ThreadTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'validation:contactThreadLinkInvalid');

/**
 * The contact form (SPEC section 5): all four fields are required. POST /api/contact puts it in the
 * team's inbox as a conversation with the sender's email (issue 11) and mails a copy to the team.
 * `threadToken`, from the link in the team's email to a guest, continues that guest's conversation
 * (issue 27); without it, an address that already has a conversation gets a new one, marked unconfirmed.
 */
export const ContactMessageSchema = z.object({
  name: required('validation:contactNameRequired', 200),
  email: required('validation:contactEmailRequired', 254, 'validation:contactEmailInvalid').pipe(
    z.email('validation:contactEmailInvalid'),
  ),
  subject: required('validation:contactSubjectRequired', 200),
  message: required('validation:contactMessageRequired', MESSAGE_MAX_LENGTH, 'validation:messageTooLong'),
  threadToken: ThreadTokenSchema.optional(),
});
export type ContactMessageInput = z.input<typeof ContactMessageSchema>;
export type ContactMessage = z.infer<typeof ContactMessageSchema>;
