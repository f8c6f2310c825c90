import { eq } from 'drizzle-orm';
import type { OwnProfile } from '../../contracts/auth.ts';
import type { Database } from '../db/client.ts';
import { profiles } from '../db/schema/index.ts';

/** The signed-in person's own profile (GET /api/me/profile). */
export async function getOwnProfile(db: Database, userId: string): Promise<OwnProfile | undefined> {
  const [profile] = await db
    .select({
      id: profiles.id,
      email: profiles.email,
      role: profiles.role,
      fullName: profiles.fullName,
      lastSignInAt: profiles.lastSignInAt,
    })
    .from(profiles)
    .where(eq(profiles.id, userId));
  return profile && { ...profile, lastSignInAt: profile.lastSignInAt?.toISOString() ?? null };
}
