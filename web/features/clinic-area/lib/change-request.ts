import { type ClinicOwnProfile, REVIEWED_FIELDS, type ReviewedField } from '../../../../contracts/clinic-area.ts';
import { CRITERIA_IDS, type CriterionId } from '../../../../contracts/constants.ts';

// What a certificate vouches for (issue 27): once the application is sent in, and while certified, the
// name, company, organisation number, criteria and documents change only through a change request an
// admin decides on. The profile carries the reviewed values; these helpers put the requested ones on top.

/**
 * Sent in and waiting, or Godkänd: the server keeps the reviewed values and records a change request.
 * Godkänd as the server's rule has it, so also for the moment between a certificate's last day and the
 * hourly run that sets the clinic back to Väntar (decision 024).
 */
export const isReviewLocked = (profile: Pick<ClinicOwnProfile, 'applicationStatus' | 'phase'>) =>
  profile.applicationStatus === 'Godkänd' || profile.phase === 'sent_in';

/** The reviewed fields the clinic asked to change, in the order the forms show them. */
export function pendingFields(profile: ClinicOwnProfile): ReviewedField[] {
  const changes = profile.changeRequest?.changes;
  return changes ? REVIEWED_FIELDS.filter((field) => changes[field] !== undefined) : [];
}

/** The criteria the clinic asked to change. */
export function pendingCriteria(profile: ClinicOwnProfile): CriterionId[] {
  const criteria = profile.changeRequest?.changes.criteria;
  return criteria
    ? CRITERIA_IDS.filter((id) => criteria[id] !== undefined && criteria[id] !== profile.criteria[id])
    : [];
}

/** The profile as the clinic asked it to be: the reviewed values with its pending changes on top. */
export function requestedProfile(profile: ClinicOwnProfile): ClinicOwnProfile {
  const changes = profile.changeRequest?.changes;
  if (!changes) return profile;
  const fields = Object.fromEntries(pendingFields(profile).map((field) => [field, changes[field]]));
  return { ...profile, ...fields, criteria: { ...profile.criteria, ...changes.criteria } };
}
