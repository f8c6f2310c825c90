import { and, desc, eq, isNotNull } from 'drizzle-orm';
import { BOOKING_PAGES_MAX, type BookingPages } from '../../../contracts/customer-area.ts';
import type { Database } from '../../db/client.ts';
import { followedClinics, profiles } from '../../db/schema/index.ts';
import { dateInSweden } from '../certificates.ts';
import { isListed } from '../listed.ts';

/** The customer's followed clinics that are in the register and have given a booking page (issue 28). */
export async function listBookingPages(db: Database, customerId: string, now = new Date()): Promise<BookingPages> {
  const rows = await db
    .select({
      id: profiles.id,
      slug: profiles.slug,
      fullName: profiles.fullName,
      city: profiles.city,
      bookingUrl: profiles.bookingUrl,
    })
    .from(followedClinics)
    .innerJoin(profiles, eq(profiles.id, followedClinics.clinicId))
    .where(
      and(
        eq(followedClinics.userId, customerId),
        isNotNull(profiles.bookingUrl),
        isListed(profiles.id, dateInSweden(now)),
      ),
    )
    .orderBy(desc(followedClinics.createdAt), profiles.id)
    .limit(BOOKING_PAGES_MAX);
  // A listed clinic has its slug (made from its name); the conditions above hold the booking page.
  return {
    items: rows.flatMap(({ slug, bookingUrl, ...clinic }) =>
      slug && bookingUrl ? [{ ...clinic, slug, bookingUrl }] : [],
    ),
  };
}
