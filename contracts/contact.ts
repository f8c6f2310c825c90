import { z } from 'zod';

const required = (message: string) => z.string().trim().min(1, message);

/** The contact form (SPEC section 5): all four fields are required; nothing is sent to a server. */
export const ContactMessageSchema = z.object({
  name: required('validation:contactNameRequired'),
  email: required('validation:contactEmailRequired').pipe(z.email('validation:contactEmailInvalid')),
  subject: required('validation:contactSubjectRequired'),
  message: required('validation:contactMessageRequired'),
});
export type ContactMessageInput = z.input<typeof ContactMessageSchema>;
export type ContactMessage = z.infer<typeof ContactMessageSchema>;
