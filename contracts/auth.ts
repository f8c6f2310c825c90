import { z } from 'zod';
import { EMAIL_MAX_LENGTH, NAME_MAX_LENGTH, PASSWORD_MIN_LENGTH, ROLES, SELF_CHOSEN_ROLES } from './constants.ts';

// Form schemas of the sign-in pages. The server's /auth/v1 answers in GoTrue's own shapes and error
// codes (so @supabase/auth-js works unchanged); these schemas check the same rules in the browser.

export const EmailSchema = z
  .string()
  .trim()
  .min(1, 'validation:emailRequired')
  .max(EMAIL_MAX_LENGTH, 'validation:emailTooLong')
  .pipe(z.email('validation:emailInvalid'));

export const NewPasswordSchema = z.string().min(PASSWORD_MIN_LENGTH, 'validation:passwordTooShort');

export const LoginFormSchema = z.object({
  email: EmailSchema,
  password: z.string().min(1, 'validation:passwordRequired'),
});
export type LoginForm = z.infer<typeof LoginFormSchema>;

export const RegisterFormSchema = z.object({
  role: z.enum(SELF_CHOSEN_ROLES),
  fullName: z.string().trim().min(1, 'validation:nameRequired').max(NAME_MAX_LENGTH, 'validation:nameTooLong'),
  email: EmailSchema,
  password: NewPasswordSchema,
});
export type RegisterForm = z.infer<typeof RegisterFormSchema>;

export const ForgotPasswordFormSchema = z.object({ email: EmailSchema });
export type ForgotPasswordForm = z.infer<typeof ForgotPasswordFormSchema>;

export const ResetPasswordFormSchema = z.object({ password: NewPasswordSchema });
export type ResetPasswordForm = z.infer<typeof ResetPasswordFormSchema>;

/** GET /api/me/profile: the signed-in person's own profile, as the web's signed-in user needs it. */
export const OwnProfileSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  role: z.enum(ROLES),
  fullName: z.string(),
  lastSignInAt: z.iso.datetime({ offset: true }).nullable(),
});
export type OwnProfile = z.infer<typeof OwnProfileSchema>;
