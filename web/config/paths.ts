/** Every route of the web app in one place (SPEC section 2); links use these, never literal paths. */
export const paths = {
  home: '/',
  about: '/om-oss',
  forClinics: '/for-kliniker',
  forCustomers: '/for-kunder',
  clinics: '/kliniker',
  faq: '/vanliga-fragor',
  contact: '/kontakta-oss',
  quickLinks: '/quick-links',
  credentials: '/credentials',
  login: '/login',
  register: '/register',
  adminLogin: '/admin/login',
  badge: '/badge',
  customerDashboard: '/dashboard',
  clinicDashboard: '/clinic-dashboard',
  adminDashboard: '/admin',
} as const;

export function clinicsSearchHref(search: string): string {
  const query = search.trim();
  return query ? `${paths.clinics}?${new URLSearchParams({ search: query })}` : paths.clinics;
}
