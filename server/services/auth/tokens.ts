import { createHash, randomBytes } from 'node:crypto';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { z } from 'zod';
import type { Role } from '../../../contracts/constants.ts';
import { ACCESS_TOKEN_TTL_SECONDS, type AuthSettings } from './settings.ts';

export type AuthMethod = 'password' | 'recovery';

/** A random bearer secret (refresh token, reset-link token): 256 bits, URL-safe. */
export function newOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Refresh and reset tokens are stored only as this hash: a database leak yields no usable token. */
export function sha256(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export interface AccessTokenSubject {
  userId: string;
  email: string;
  role: Role;
  fullName: string;
  sessionId: string;
  method: AuthMethod;
  /** When the session began: the `amr` timestamp. */
  authenticatedAt: Date;
}

/**
 * An access token with GoTrue's claims, so auth-js (and anything reading a Supabase token) finds
 * what it expects; `app_metadata.role` carries the profile's role.
 */
export async function signAccessToken(
  settings: AuthSettings,
  subject: AccessTokenSubject,
): Promise<{ token: string; expiresAt: number }> {
  const issuedAt = Math.floor(settings.now().getTime() / 1000);
  const expiresAt = issuedAt + ACCESS_TOKEN_TTL_SECONDS;
  const token = await new SignJWT({
    email: subject.email,
    phone: '',
    app_metadata: { provider: 'email', providers: ['email'], role: subject.role },
    user_metadata: { full_name: subject.fullName, role: subject.role },
    role: 'authenticated',
    aal: 'aal1',
    amr: [{ method: subject.method, timestamp: Math.floor(subject.authenticatedAt.getTime() / 1000) }],
    session_id: subject.sessionId,
    is_anonymous: false,
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(subject.userId)
    .setAudience('authenticated')
    .setIssuer(settings.issuer)
    .setIssuedAt(issuedAt)
    .setExpirationTime(expiresAt)
    .sign(settings.jwtKey);
  return { token, expiresAt };
}

const VerifiedClaimsSchema = z.object({ sub: z.uuid(), session_id: z.uuid() });
export type VerifiedClaims = z.infer<typeof VerifiedClaimsSchema>;

export type AccessTokenCheck = { ok: true; claims: VerifiedClaims } | { ok: false; reason: string };

/** Signature (HS256 only), expiry, issuer and audience; whether the session still lives is the caller's query. */
export async function verifyAccessToken(settings: AuthSettings, token: string): Promise<AccessTokenCheck> {
  try {
    const { payload } = await jwtVerify(token, settings.jwtKey, {
      algorithms: ['HS256'],
      issuer: settings.issuer,
      audience: 'authenticated',
      currentDate: settings.now(),
      requiredClaims: ['exp', 'sub'],
    });
    const claims = VerifiedClaimsSchema.safeParse(payload);
    return claims.success
      ? { ok: true, claims: claims.data }
      : { ok: false, reason: 'missing or malformed sub or session_id claim' };
  } catch (error) {
    if (error instanceof joseErrors.JWTExpired)
      return { ok: false, reason: 'token has invalid claims: token is expired' };
    if (error instanceof joseErrors.JOSEError)
      return { ok: false, reason: 'token is malformed, its signature is invalid or its claims do not match' };
    throw error;
  }
}
