import type { User } from '@supabase/auth-js';
import type { OwnProfile } from '../../../../contracts/auth.ts';
import { type Role, ROLES } from '../../../../contracts/constants.ts';

/** SPEC section 3 "Signed-in user": the auth user plus name, role and email (GoTrue's own `role`, always "authenticated", gives way to the product's). */
export type AuthUser = Omit<User, 'role' | 'email'> & { name: string; role: Role | null; email: string };

const isRole = (value: unknown): value is Role =>
  typeof value === 'string' && (ROLES as readonly string[]).includes(value);

/**
 * The signed-in user as the web sees it: from the own profile when it loaded for this very user,
 * otherwise the plain auth user (role from `app_metadata`, name from `user_metadata.full_name`).
 */
export function toAuthUser(user: User, profile?: OwnProfile | null): AuthUser {
  if (profile && profile.id === user.id) {
    return { ...user, name: profile.fullName, role: profile.role, email: profile.email };
  }
  const metadataName: unknown = user.user_metadata?.full_name;
  const metadataRole: unknown = user.app_metadata?.role;
  return {
    ...user,
    name: typeof metadataName === 'string' && metadataName.trim() ? metadataName : (user.email ?? ''),
    role: isRole(metadataRole) ? metadataRole : null,
    email: user.email ?? '',
  };
}
