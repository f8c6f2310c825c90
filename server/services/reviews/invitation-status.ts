import { and, gt, isNull } from 'drizzle-orm';
import type { InvitationStatus } from '../../../contracts/reviews.ts';
import { reviewInvitations } from '../../db/schema/index.ts';

// When a review invitation is open, used or expired (issue 23): one rule for the clinic's list, the
// emailed link and the customer's review, read from a row here and asked of the database below.

/** Open, used or expired by the app's clock; a used invitation stays "used" after it would have expired. */
export function invitationStatus(row: { usedAt: Date | null; expiresAt: Date }, now: Date): InvitationStatus {
  if (row.usedAt) return 'used';
  return row.expiresAt.getTime() > now.getTime() ? 'open' : 'expired';
}

/** The invitations `invitationStatus` calls open, as a condition of a query. */
export const isOpenInvitation = (now: Date) =>
  and(isNull(reviewInvitations.usedAt), gt(reviewInvitations.expiresAt, now));
