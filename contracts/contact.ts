import { z } from 'zod';
import { hasNoNul } from './clinics.ts';
import { MESSAGE_MAX_LENGTH } from './messages.ts';

const required = (message: string, max: number, tooLong = 'validation:textTooLong') =>
  z.string().trim().min(1, message).max(max, tooLong).refine(hasNoNul, 'validation:textInvalid');

/**
 * The contact form (SPEC section 5): all four fields are required. POST /api/contact puts it in the
 * team's inbox as a conversation with the sender's email (issue 11) and mails a copy to the team.
 */
export const ContactMessageSchema = z.object({
  name: required('validation:contactNameRequired', 200),
  email: required('validation:contactEmailRequired', 254, 'validation:contactEmailInvalid').pipe(z.email('validation:contactEmailInvalid')),
  subject: required('validation:contactSubjectRequired', 200),
  message: required('validation:contactMessageRequired', MESSAGE_MAX_LENGTH, 'validation:messageTooLong'),
});
export type ContactMessageInput = z.input<typeof ContactMessageSchema>;
export type ContactMessage = z.infer<typeof ContactMessageSchema>;
