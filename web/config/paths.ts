import { CONTACT_PATH, PRIVACY_PATH, REVIEW_GUIDELINES_PATH, type Role } from '../../contracts/constants.ts';

/** Every route of the web app in one place (SPEC section 2); links use these, never literal paths. */
export const paths = {
  home: '/',
  about: '/om-oss',
  forClinics: '/for-kliniker',
  forCustomers: '/for-kunder',
  clinics: '/kliniker',
  faq: '/vanliga-fragor',
  contact: CONTACT_PATH,
  quickLinks: '/quick-links',
  credentials: '/credentials',
  login: '/login',
  register: '/register',
  adminLogin: '/admin/login',
  forgotPassword: '/glomt-losenord',
  resetPassword: '/reset-password',
  confirmEmail: '/confirm-email',
  badge: '/badge',
  verify: '/verifiera',
  reviewGuidelines: REVIEW_GUIDELINES_PATH,
  privacy: PRIVACY_PATH,
  writeReview: '/omdome',
  customerDashboard: '/dashboard',
  customerBookings: '/dashboard/bookings',
  customerFollowed: '/dashboard/followed',
  customerReports: '/dashboard/reports',
  customerMessages: '/dashboard/messages',
  customerSettings: '/dashboard/settings',
  clinicDashboard: '/clinic-dashboard',
  clinicApplication: '/clinic-dashboard/application',
  clinicCertification: '/clinic-dashboard/certification',
  clinicReviews: '/clinic-dashboard/reviews',
  clinicPayments: '/clinic-dashboard/payments',
  clinicMessages: '/clinic-dashboard/messages',
  clinicSettings: '/clinic-dashboard/settings',
  adminDashboard: '/admin',
  adminApplications: '/admin/applications',
  adminMessages: '/admin/messages',
  adminClinics: '/admin/clinics',
  adminUsers: '/admin/users',
  adminReports: '/admin/reports',
  adminReviews: '/admin/reviews',
  adminPayments: '/admin/payments',
  adminCms: '/admin/cms',
  adminSettings: '/admin/settings',
} as const;

/**
 * Signing out from the server's copy of a page, before the app has loaded (decision 025): a link
 * (a button needs the app), whose page the app then signs out and leaves for the home page.
 */
export const SIGN_OUT_PARAM = 'logga-ut';
export const signOutHref = `${paths.home}?${SIGN_OUT_PARAM}`;

export function clinicsSearchHref(search: string): string {
  const query = search.trim();
  return query ? `${paths.clinics}?${new URLSearchParams({ search: query })}` : paths.clinics;
}

/** The public verification page of a certificate (issue 9): `/verifiera/CK-2026-000123`. */
export function verificationHref(certificateNumber: string): string {
  return `${paths.verify}/${encodeURIComponent(certificateNumber)}`;
}

/** The public profile page of a register clinic: `/kliniker/{slug}`. */
export function clinicProfileHref(slug: string): string {
  return `${paths.clinics}/${encodeURIComponent(slug)}`;
}

/** The page an invitation's emailed link opens, where the invited customer writes the review (issue 23). */
export function writeReviewHref(token: string): string {
  return `${paths.writeReview}/${encodeURIComponent(token)}`;
}

/** The review of one clinic's application, below the applications list (route `applications/:clinicId`). */
export function adminApplicationHref(clinicId: string): string {
  return `${paths.adminApplications}/${encodeURIComponent(clinicId)}`;
}

/** A payment's invoice or receipt as the admin opens it from the payments list. */
export function adminPaymentHref(paymentId: string): string {
  return `${paths.adminPayments}/${encodeURIComponent(paymentId)}`;
}

const AREA_HOMES = {
  admin: paths.adminDashboard,
  clinic: paths.clinicDashboard,
  customer: paths.customerDashboard,
} as const;

/** SPEC section 2 "Layout": My page leads to the role's own area, and to the start page without a role. */
export function myPageHref(role: Role | null | undefined): string {
  return role ? AREA_HOMES[role] : paths.home;
}
