import type { ClinicOwnProfile } from '../../../../contracts/clinic-area.ts';

type DecisionFacts = Pick<ClinicOwnProfile, 'decidedAt' | 'submittedAt' | 'renewal'>;

const after = (time: string, other: string | null | undefined) => !other || Date.parse(time) > Date.parse(other);

/**
 * When the admin decided what the clinic has sent in, or null (issue 28): `decidedAt` is the last
 * decision ever, so once the clinic sends in again (an application, or a renewal) that time belongs to
 * an earlier submission and is not shown as this one's.
 */
export function decisionOfLastSubmission({ decidedAt, submittedAt, renewal }: DecisionFacts): string | null {
  return decidedAt && after(decidedAt, submittedAt) && after(decidedAt, renewal?.submittedAt) ? decidedAt : null;
}

/** A document uploaded after the admin's last decision: new to whoever reviews the clinic now. */
export const isNewSinceDecision = (documentCreatedAt: string, decidedAt: string | null) =>
  decidedAt !== null && Date.parse(documentCreatedAt) > Date.parse(decidedAt);
