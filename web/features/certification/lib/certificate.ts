import { type ClinicOwnProfile, isAwaitingReview, type OwnCertificate } from '../../../../contracts/clinic-area.ts';
import { paths, verificationHref } from '../../../config/paths.ts';

// SPEC section 9: the sizes of the images and of the embedded frame.
export const CERTIFICATE_IMAGE_SCALE = 3;
export const BADGE_IMAGE_SCALE = 4;
export const EMBED_FRAME_SIZE = 320;

/** The year a certificate is valid for: it runs to 31 December of that year. */
export const certificateYear = (certificate: OwnCertificate) => Number(certificate.validTo.slice(0, 4));

/** What the QR code on the certificate leads to: its public verification page, as an absolute URL. */
export const verificationUrl = (certificateNumber: string) =>
  `${window.location.origin}${verificationHref(certificateNumber)}`;

/** The public badge page other sites frame: `/badge?id={clinic id}`. */
export const badgeHref = (clinicId: string) => `${paths.badge}?${new URLSearchParams({ id: clinicId })}`;

/** The code a clinic pastes into its own site (SPEC section 2: 320×320, no border, transparent). */
export function embedSnippet(clinicId: string, title: string): string {
  const size = EMBED_FRAME_SIZE;
  return `<iframe src="${window.location.origin}${badgeHref(clinicId)}" width="${size}" height="${size}" style="border:none;background:transparent" title="${title}"></iframe>`;
}

export type MissingCertificateReason = 'notYet' | 'underReview' | 'denied' | 'withdrawn' | 'expired';

/**
 * Why a clinic has no certificate in force. A withdrawal sets the application to Nekad like a denial
 * does; only a clinic that once was certified can have lost its certificate.
 */
export function missingCertificateReason(
  profile: Pick<ClinicOwnProfile, 'applicationStatus' | 'submittedAt' | 'certifiedAt'>,
): MissingCertificateReason {
  if (isAwaitingReview(profile)) return 'underReview';
  if (profile.applicationStatus === 'Nekad') return profile.certifiedAt === null ? 'denied' : 'withdrawn';
  return profile.applicationStatus === 'Godkänd' ? 'expired' : 'notYet';
}
