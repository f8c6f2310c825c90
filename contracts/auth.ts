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

// ---------------------------------------------------------------------------------------------
// `/auth/v1` on the wire: the subset of GoTrue's API the product uses, in GoTrue's own field names
// (snake_case), so that @supabase/auth-js works against it unchanged (ARCHITECTURE "Auth").
// Request bodies are loose: auth-js also sends fields the server ignores (gotrue_meta_security,
// code_challenge, ...). Lengths and formats are checked by the server, which answers them in
// GoTrue's error shape with GoTrue's statuses rather than as schema failures.

/** Every failure of `/auth/v1`, e.g. `{ code: 400, error_code: 'invalid_credentials', msg: 'Invalid login credentials' }`. */
export const GoTrueErrorSchema = z.object({
  code: z.number().int(),
  error_code: z.string(),
  msg: z.string(),
  weak_password: z.object({ reasons: z.array(z.string()) }).optional(),
});
export type GoTrueError = z.infer<typeof GoTrueErrorSchema>;

export const GoTrueUserSchema = z.object({
  id: z.uuid(),
  aud: z.literal('authenticated'),
  role: z.literal('authenticated'),
  email: z.string(),
  phone: z.string(),
  email_confirmed_at: z.string().optional(),
  confirmed_at: z.string().optional(),
  last_sign_in_at: z.string().optional(),
  /** A change of address waiting for the link mailed to the new address (GoTrue's fields). */
  new_email: z.string().optional(),
  email_change_sent_at: z.string().optional(),
  /** Set by the server only: `role` is the profile's role. */
  app_metadata: z.object({ provider: z.literal('email'), providers: z.array(z.string()), role: z.enum(ROLES) }),
  user_metadata: z.object({ full_name: z.string(), role: z.enum(ROLES) }),
  identities: z.array(z.unknown()),
  created_at: z.string(),
  updated_at: z.string(),
  is_anonymous: z.boolean(),
});
export type GoTrueUser = z.infer<typeof GoTrueUserSchema>;

export const GoTrueSessionSchema = z.object({
  access_token: z.string(),
  token_type: z.literal('bearer'),
  expires_in: z.number().int(),
  /** Unix time in seconds. */
  expires_at: z.number().int(),
  refresh_token: z.string(),
  user: GoTrueUserSchema,
});
export type GoTrueSession = z.infer<typeof GoTrueSessionSchema>;

/** What may come from a registration form as `data` (auth-js `signUp({ options: { data } })`). */
export const SignUpMetadataSchema = z.looseObject({
  full_name: z.string().optional(),
  role: z.string().optional(),
});

export const SignUpBodySchema = z
  .looseObject({
    email: z.string().optional(),
    password: z.string().optional(),
    data: SignUpMetadataSchema.nullish(),
  })
  .nullish();
export type SignUpBody = z.infer<typeof SignUpBodySchema>;

export const TokenQuerySchema = z.looseObject({ grant_type: z.string().optional() });

/** `grant_type=password` sends email and password, `grant_type=refresh_token` the refresh token. */
export const TokenBodySchema = z
  .looseObject({
    email: z.string().optional(),
    password: z.string().optional(),
    refresh_token: z.string().optional(),
  })
  .nullish();
export type TokenBody = z.infer<typeof TokenBodySchema>;

export const LOGOUT_SCOPES = ['global', 'local', 'others'] as const;
export const LogoutQuerySchema = z.looseObject({ scope: z.string().optional() });

/** PUT /user: a new name (`data.full_name`) and/or a new password, with the current one unless in a recovery session. */
export const UpdateUserBodySchema = z
  .looseObject({
    email: z.string().optional(),
    password: z.string().optional(),
    current_password: z.string().optional(),
    data: z.looseObject({ full_name: z.string().optional(), current_password: z.string().optional() }).nullish(),
  })
  .nullish();
export type UpdateUserBody = z.infer<typeof UpdateUserBodySchema>;

export const RecoverBodySchema = z.looseObject({ email: z.string().optional() }).nullish();
export type RecoverBody = z.infer<typeof RecoverBodySchema>;

/** What auth-js `verifyOtp({ token_hash, type: 'recovery' | 'email_change' })` sends; the token comes from the emailed link. */
export const VerifyBodySchema = z
  .looseObject({
    type: z.string().optional(),
    token_hash: z.string().optional(),
  })
  .nullish();
export type VerifyBody = z.infer<typeof VerifyBodySchema>;

/** Where the emailed reset link points: `${SITE_URL}${RESET_PASSWORD_PATH}?token_hash=…&type=recovery`. */
export const RESET_PASSWORD_PATH = '/reset-password';

/** Where the link that confirms a new address points: `${SITE_URL}${CONFIRM_EMAIL_PATH}?token_hash=…&type=email_change`. */
export const CONFIRM_EMAIL_PATH = '/confirm-email';
