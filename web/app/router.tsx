import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { paths } from '../config/paths.ts';
import { i18n } from '../lib/i18n.ts';
import { AppRoot } from './routes/app-root.tsx';
import { PublicRoot } from './routes/public/root.tsx';

/** A lazy route that also loads its translations, so the page never shows a half-translated moment. */
const withTranslations =
  <Module,>(load: () => Promise<Module>, namespaces: string[]) =>
  async (): Promise<Module> => {
    const [module] = await Promise.all([load(), i18n.loadNamespaces(namespaces)]);
    return module;
  };

const AUTH_NAMESPACES = ['auth', 'validation'];
const DASHBOARD_NAMESPACES = ['dashboard'];
// The clinic area's forms show zod's messages (validation) and the account settings of the auth feature.
// Every area has the messages page, its menu count and the toasts of the live messages (messages).
const CLINIC_AREA_NAMESPACES = ['clinicArea', 'auth', 'messages', 'writeMessage', 'validation'];
// The customer area's forms show zod's messages (validation); its followed list shows the register's cards (clinics).
const CUSTOMER_AREA_NAMESPACES = ['customerArea', 'follows', 'clinics', 'messages', 'writeMessage', 'validation'];
// The admin area's forms show zod's messages (validation) too.
const ADMIN_NAMESPACES = ['admin', 'adminReports', 'messages', 'validation'];

type AreaModule = Record<string, ComponentType>;

/** A page below a path segment's page, with its own export: `{ path: 'applications/:clinicId', exportName: 'Application' }`. */
interface AreaSubpage {
  path: string;
  exportName: string;
}

/**
 * A dashboard area: one lazily loaded module (one chunk) holds its guarded `Layout`, its `Overview`
 * and a page per path segment, exported under the segment's name (`bookings` → `Bookings`); its
 * translations are the dashboard's and the area's own `namespaces`.
 */
function dashboardArea(path: string, load: () => Promise<AreaModule>, segments: (string | AreaSubpage)[], namespaces: string[] = []): RouteObject {
  const area = withTranslations(load, [...DASHBOARD_NAMESPACES, ...namespaces]);
  const component = (exportName: string) => async () => {
    const Component = (await area())[exportName];
    if (!Component) throw new Error(`${path} has no ${exportName} page`);
    return { Component };
  };
  return {
    path,
    lazy: component('Layout'),
    children: [
      { index: true, lazy: component('Overview') },
      ...segments.map((segment) =>
        typeof segment === 'string'
          ? { path: segment, lazy: component(segment[0]?.toUpperCase() + segment.slice(1)) }
          : { path: segment.path, lazy: component(segment.exportName) },
      ),
    ],
  };
}

// Every page is its own chunk, every dashboard area one chunk: the landing page downloads only what it shows.
export const router = createBrowserRouter([
  {
    Component: AppRoot,
    // The first page's chunk is still loading on the very first render: show the empty shell meanwhile.
    HydrateFallback: () => null,
    children: [
      {
        Component: PublicRoot,
        children: [
          { path: paths.home, lazy: () => import('./routes/public/home.tsx') },
          { path: paths.about, lazy: () => import('./routes/public/about.tsx') },
          { path: paths.forClinics, lazy: () => import('./routes/public/for-clinics.tsx') },
          { path: paths.forCustomers, lazy: () => import('./routes/public/for-customers.tsx') },
          { path: paths.clinics, lazy: () => import('./routes/public/clinics.tsx') },
          // An unknown clinic shows the not-found page: its translations come along.
          { path: `${paths.clinics}/:slug`, lazy: withTranslations(() => import('./routes/public/clinic-profile.tsx'), ['clinicProfile', 'notFound']) },
          { path: `${paths.verify}/:number?`, lazy: withTranslations(() => import('./routes/public/verify.tsx'), ['verification']) },
          { path: paths.faq, lazy: () => import('./routes/public/faq.tsx') },
          { path: paths.contact, lazy: () => import('./routes/public/contact.tsx') },
          { path: paths.quickLinks, lazy: () => import('./routes/public/quick-links.tsx') },
          { path: paths.credentials, lazy: () => import('./routes/public/credentials.tsx') },
          { path: paths.login, lazy: withTranslations(() => import('./routes/public/login.tsx'), AUTH_NAMESPACES) },
          { path: paths.register, lazy: withTranslations(() => import('./routes/public/register.tsx'), AUTH_NAMESPACES) },
          { path: paths.adminLogin, lazy: withTranslations(() => import('./routes/public/admin-login.tsx'), AUTH_NAMESPACES) },
          { path: paths.forgotPassword, lazy: withTranslations(() => import('./routes/public/forgot-password.tsx'), AUTH_NAMESPACES) },
          { path: paths.resetPassword, lazy: withTranslations(() => import('./routes/public/reset-password.tsx'), AUTH_NAMESPACES) },
          { path: '*', lazy: () => import('./routes/public/not-found.tsx') },
        ],
      },
      // The segments are those of paths.ts (SPEC section 2 "Menus").
      dashboardArea(paths.customerDashboard, () => import('./routes/customer/area.tsx'), ['bookings', 'followed', 'messages', 'reports', 'settings'], CUSTOMER_AREA_NAMESPACES),
      dashboardArea(paths.clinicDashboard, () => import('./routes/clinic/area.tsx'), ['application', 'certification', 'messages', 'payments', 'settings'], CLINIC_AREA_NAMESPACES),
      dashboardArea(
        paths.adminDashboard,
        () => import('./routes/admin/area.tsx'),
        ['applications', { path: 'applications/:clinicId', exportName: 'Application' }, 'messages', 'clinics', 'users', 'reports', 'cms'],
        ADMIN_NAMESPACES,
      ),
    ],
  },
]);
