import type { ApplicationPhase, OwnCertificate } from '../../../../contracts/clinic-area.ts';
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

export type MissingCertificateReason = 'notYet' | 'underReview' | 'denied' | 'withdrawn' | 'suspended' | 'expired';

/**
 * Why a clinic has no certificate in force, by the server's phase (decision 024). The certified phases
 * come with a certificate in force, so they never reach this page; were one to, it has none in force.
 */
export const MISSING_CERTIFICATE_REASONS: Record<ApplicationPhase, MissingCertificateReason> = {
  draft: 'notYet',
  sent_in: 'underReview',
  denied: 'denied',
  withdrawn: 'withdrawn',
  suspended: 'suspended',
  expired: 'expired',
  certified: 'expired',
  renewal_open: 'expired',
  renewal_sent: 'expired',
};
