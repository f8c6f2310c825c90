import { REVIEW_INVITATION_VALID_DAYS } from '../../contracts/constants.ts';
import type { Database } from '../db/client.ts';
import { reviewInvitations } from '../db/schema/index.ts';
import { dateInSweden } from '../lib/swedish-date.ts';
import { newOpaqueToken, sha256 } from '../services/auth/tokens.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface TestInvitation {
  clinicId: string;
  /** The invited address, stored as given (the clinic's route stores it in lower case). */
  email: string;
  /** When the clinic sent it; now by default. It is valid REVIEW_INVITATION_VALID_DAYS from then unless `expiresAt` says otherwise. */
  createdAt?: Date;
  expiresAt?: Date;
  /** By default the day before `createdAt`, in Sweden. */
  visitDate?: string;
  claimedBy?: string | null;
  usedAt?: Date | null;
}

/**
 * A review invitation as the clinic's route leaves it (a row holding the SHA-256 of its token), with the
 * raw token that its emailed link `/omdome/{token}` carries.
 */
export async function insertInvitation(
  db: Database,
  invitation: TestInvitation,
): Promise<{ id: string; token: string }> {
  const token = newOpaqueToken();
  const createdAt = invitation.createdAt ?? new Date();
  const [row] = await db
    .insert(reviewInvitations)
    .values({
      clinicId: invitation.clinicId,
      email: invitation.email,
      visitDate: invitation.visitDate ?? dateInSweden(new Date(createdAt.getTime() - DAY_MS)),
      tokenHash: sha256(token),
      createdAt,
      expiresAt: invitation.expiresAt ?? new Date(createdAt.getTime() + REVIEW_INVITATION_VALID_DAYS * DAY_MS),
      claimedBy: invitation.claimedBy ?? null,
      usedAt: invitation.usedAt ?? null,
    })
    .returning({ id: reviewInvitations.id });
  if (!row) throw new Error('The invitation was not written');
  return { id: row.id, token };
}
