import type { ClinicOwnProfile } from '../../../../contracts/clinic-area.ts';

/**
 * Where the clinic stands in the public register, in words (issue 28): its choice (`isPublic`) and
 * whether the server lists it today (`listed`, one definition: server/services/listed.ts).
 * - `listed`: in the register now;
 * - `shownOnceCertified`: its choice is to be shown, and it will be once a certificate is in force;
 * - `hiddenByChoice`: certified, but hidden because it chose so;
 * - `hiddenOnceCertified`: not certified now, and it chose not to be shown once it is.
 */
export type VisibilityState = 'listed' | 'shownOnceCertified' | 'hiddenByChoice' | 'hiddenOnceCertified';

export function visibilityState(
  profile: Pick<ClinicOwnProfile, 'isPublic' | 'listed' | 'certificate'>,
): VisibilityState {
  if (profile.listed) return 'listed';
  if (profile.isPublic) return 'shownOnceCertified';
  return profile.certificate ? 'hiddenByChoice' : 'hiddenOnceCertified';
}
