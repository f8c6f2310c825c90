import type { User } from '@supabase/auth-js';
import { describe, expect, it } from 'vitest';
import { toAuthUser } from './auth-user.ts';

const authUser = {
  id: '6c4b3a1e-2f55-4d1e-9c0e-2d6f1f0a9b11',
  aud: 'authenticated',
  role: 'authenticated',
  email: 'klinik@example.se',
  app_metadata: { provider: 'email', role: 'clinic' },
  user_metadata: { full_name: 'Klinik Ett', role: 'clinic' },
  created_at: '2026-11-01T10:00:00Z',
} satisfies User;

describe('toAuthUser', () => {
  it('takes name, role and email from the own profile', () => {
    const user = toAuthUser(authUser, {
      id: authUser.id,
      email: 'ny@example.se',
      role: 'clinic',
      fullName: 'Klinik Ett AB',
      lastSignInAt: null,
    });
    expect(user).toMatchObject({ id: authUser.id, name: 'Klinik Ett AB', role: 'clinic', email: 'ny@example.se' });
  });

  it('keeps the plain auth user when there is no profile (SPEC section 3)', () => {
    expect(toAuthUser(authUser)).toMatchObject({
      name: 'Klinik Ett',
      role: 'clinic',
      email: 'klinik@example.se',
      aud: 'authenticated',
    });
  });

  it("never takes another person's profile", () => {
    const other = {
      id: '00000000-0000-4000-8000-000000000000',
      email: 'x@example.se',
      role: 'admin',
      fullName: 'X',
      lastSignInAt: null,
    } as const;
    expect(toAuthUser(authUser, other)).toMatchObject({ name: 'Klinik Ett', role: 'clinic' });
  });

  it('has no role for an unknown one and falls back to the email for a missing name', () => {
    const user = toAuthUser({ ...authUser, app_metadata: { role: 'superuser' }, user_metadata: {} });
    expect(user.role).toBeNull();
    expect(user.name).toBe('klinik@example.se');
  });
});
