import type { ApplicationPhase } from '../../../contracts/clinic-area.ts';
import type { profiles } from '../../db/schema/index.ts';
import { isRenewalOpen } from '../certificates.ts';

// Decision 024: where a clinic's certification stands is computed here and only here; the clinic's
// profile, the admin's review and both admin lists answer it, and the pages render it.

export type PhaseFacts = Pick<
  typeof profiles.$inferSelect,
  'applicationStatus' | 'applicationSubmittedAt' | 'renewalSubmittedAt' | 'certifiedAt'
> & {
  /** The last day of the certificate in force today (Swedish date); null without one. */
  certificateValidTo: string | null;
  /** Next year's certificate is issued: a renewal was approved. */
  hasNextCertificate: boolean;
  /** The certificate that would be in force today is suspended (issue 22). */
  isSuspended: boolean;
};

/**
 * The phase of a clinic at `now`. Godkänd counts as certified only with a certificate in force: from
 * the day after its last day the clinic reads as the hourly lifecycle run (decision 013) will leave it,
 * back in Väntar with a renewal it sent in waiting as its application, so the phase does not change
 * when the run comes. A withdrawal is Nekad with "sent in" cleared (decision 011); a denial keeps it.
 */
export function applicationPhase(facts: PhaseFacts, now = new Date()): ApplicationPhase {
  const { applicationStatus, applicationSubmittedAt, renewalSubmittedAt, certifiedAt, certificateValidTo } = facts;
  if (applicationStatus === 'Godkänd') {
    if (facts.isSuspended) return 'suspended';
    if (certificateValidTo === null) return renewalSubmittedAt === null ? 'expired' : 'sent_in';
    if (renewalSubmittedAt !== null) return 'renewal_sent';
    return isRenewalOpen(certificateValidTo, facts.hasNextCertificate, now) ? 'renewal_open' : 'certified';
  }
  const wasCertified = certifiedAt !== null;
  if (applicationStatus === 'Nekad') return wasCertified && applicationSubmittedAt === null ? 'withdrawn' : 'denied';
  if (applicationSubmittedAt !== null) return 'sent_in';
  // Väntar, not sent in: a certificate that ran out sets a certified clinic back here (decision 013).
  return wasCertified ? 'expired' : 'draft';
}
