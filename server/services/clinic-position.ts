import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { AdminPosition } from '../../contracts/admin.ts';
import type { ClinicPosition } from '../../contracts/clinic-area.ts';
import type { MapPoint } from '../../contracts/clinics.ts';
import type { Database } from '../db/client.ts';
import { profiles } from '../db/schema/index.ts';
import { notFound } from '../lib/api-failure.ts';
import { placeKey } from '../lib/places/place-key.ts';
import { findPlace } from '../lib/places/places.ts';
import { announceRegisterChange } from '../lib/register-changes.ts';
import { recordAudit } from './admin/audit.ts';

// Where a clinic is (issue 24): no geocoding service, only the list of Swedish places
// (server/lib/places). A clinic is placed at its town when it saves its city; an admin may put it
// where it really is, which stays until the clinic names another town.

type PositionColumns = Pick<typeof profiles.$inferInsert, 'latitude' | 'longitude' | 'positionSource'>;

/** The position columns of a clinic in `city`: its town's position, or none for a town the list lacks. */
export function townPosition(city: string | null): PositionColumns {
  const place = city ? findPlace(city) : undefined;
  return place
    ? { latitude: place.latitude, longitude: place.longitude, positionSource: 'town' }
    : { latitude: null, longitude: null, positionSource: null };
}

/**
 * What saving `city` (undefined: not saved) changes of the clinic's position: nothing while it names
 * the same town as before (case and accents aside) and the clinic has a position, so an admin's
 * correction survives the clinic saving its settings again; its new town's position otherwise.
 */
export function positionOnCitySave(
  before: { city: string | null; latitude: number | null },
  city: string | null | undefined,
): PositionColumns | undefined {
  if (city === undefined) return undefined;
  const sameTown = placeKey(city ?? '') === placeKey(before.city ?? '');
  return sameTown && before.latitude !== null ? undefined : townPosition(city);
}

/** Where the public map puts a clinic; null when it has no position. */
export function mapPoint({
  latitude,
  longitude,
}: {
  latitude: number | null;
  longitude: number | null;
}): MapPoint | null {
  return latitude === null || longitude === null ? null : { latitude, longitude };
}

/** The position as the clinic's profile shows it; null without one. */
export function positionOf(row: {
  latitude: number | null;
  longitude: number | null;
  positionSource: 'town' | 'admin' | null;
}): ClinicPosition | null {
  const { latitude, longitude, positionSource } = row;
  return latitude === null || longitude === null || positionSource === null
    ? null
    : { latitude, longitude, source: positionSource };
}

/**
 * Places every clinic that has a city but no position at its town (those saved before issue 24,
 * and demo clinics seeded earlier): one update per town, at start. A town the list lacks leaves its
 * clinics unplaced until one is saved again or an admin places it.
 */
export async function placeUnplacedClinics(db: Database): Promise<number> {
  const unplaced = and(eq(profiles.role, 'clinic'), isNotNull(profiles.city), isNull(profiles.latitude));
  const cities = await db.selectDistinct({ city: profiles.city }).from(profiles).where(unplaced);
  let placed = 0;
  for (const { city } of cities) {
    const position = townPosition(city);
    if (position.positionSource === null || city === null) continue;
    const rows = await db
      .update(profiles)
      .set(position)
      .where(and(unplaced, eq(profiles.city, city)))
      .returning({ id: profiles.id });
    placed += rows.length;
  }
  if (placed > 0) await announceRegisterChange(db);
  return placed;
}

/** PUT /api/admin/clinics/:id/position: an admin puts the clinic where it is; audited with the position before. */
export async function correctClinicPosition(
  db: Database,
  adminId: string,
  clinicId: string,
  { latitude, longitude }: AdminPosition,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ latitude: profiles.latitude, longitude: profiles.longitude, positionSource: profiles.positionSource })
      .from(profiles)
      .where(and(eq(profiles.id, clinicId), eq(profiles.role, 'clinic')))
      .for('update');
    if (!row) throw notFound();
    await tx
      .update(profiles)
      .set({ latitude, longitude, positionSource: 'admin', updatedAt: new Date() })
      .where(eq(profiles.id, clinicId));
    await recordAudit(tx, {
      actorId: adminId,
      action: 'clinic.position_corrected',
      targetId: clinicId,
      before: { position: positionOf(row) },
      after: { position: { latitude, longitude, source: 'admin' } },
    });
    await announceRegisterChange(tx);
  });
}
