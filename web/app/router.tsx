import { type ComponentType, lazy, useLayoutEffect } from 'react';
import { matchRoutes, type RouteObject, useRoutes } from 'react-router';
import { paths } from '../config/paths.ts';
import { i18n } from '../lib/i18n.ts';
import { removePrerenderedPage } from '../lib/prerendered-page.ts';
import { AppRoot } from './routes/app-root.tsx';
import { PublicRoot } from './routes/public/root.tsx';

/** What a route of this app carries besides its element: how to fetch its page before it renders. */
interface PageHandle {
  preload: () => Promise<unknown>;
}

/**
 * Takes the server's copy of the page away (web/lib/prerendered-page.ts). Beside the page, in its
 * Suspense boundary, it commits only once the page itself renders, so the two swap in one frame.
 */
function TakeOverPrerenderedPage() {
  useLayoutEffect(removePrerenderedPage, []);
  return null;
}

/**
 * A page loaded on first visit, as its own chunk, together with its translations, so the page never
 * shows a half-translated moment. The router is React Router's declarative one (BrowserRouter +
 * useRoutes): its data router weighs 16 KB gzip more on the landing page and the app uses none of its
 * loaders or actions (docs/decisions/018-light-landing-page.md). Navigations are transitions, so the
 * current page stays until the next one has loaded. `handle.preload` starts the same download early
 * (preloadPage); a failed download is forgotten, so the next visit tries again.
 */
function lazyPage<Module>(
  load: () => Promise<Module>,
  pick: (module: Module) => ComponentType | undefined,
  namespaces: string[] = [],
  takesOverItself = false,
) {
  let loading: Promise<ComponentType> | undefined;
  const preload = () =>
    (loading ??= Promise.all([load(), namespaces.length ? i18n.loadNamespaces(namespaces) : undefined]).then(
      ([module]) => {
        const Component = pick(module);
        if (!Component) throw new Error('The page module has no such page');
        return Component;
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  const Page = lazy(async () => ({ default: await preload() }));
  const handle: PageHandle = { preload };
  const element = takesOverItself ? (
    <Page />
  ) : (
    <>
      <Page />
      <TakeOverPrerenderedPage />
    </>
  );
  return { element, handle };
}

/**
 * A public page: a module exporting `Component`, and the translations it shows beside `common`. A page
 * that `takesOverItself` removes the server's copy of itself once it is ready (the landing page, when its
 * hero has the CMS texts; the register and a clinic's page, when they have their data); any other does
 * once it renders.
 */
const publicPage = (
  load: () => Promise<{ Component: ComponentType }>,
  namespaces?: string[],
  takesOverItself = false,
) => lazyPage(load, (module) => module.Component, namespaces, takesOverItself);

const AUTH_NAMESPACES = ['auth', 'validation'];
const DASHBOARD_NAMESPACES = ['dashboard'];
// The clinic area's forms show zod's messages (validation) and the account settings of the auth feature;
// its payments pages, the overview and the application show the membership (payments). Every area has the messages page, its menu count and the toasts of the live messages (messages).
const CLINIC_AREA_NAMESPACES = [
  'clinicArea',
  'payments',
  'clinicReviews',
  'auth',
  'messages',
  'writeMessage',
  'validation',
  'dataExport',
  'accountDeletion',
];
// The customer area's forms show zod's messages (validation); its followed list shows the register's cards (clinics).
const CUSTOMER_AREA_NAMESPACES = [
  'customerArea',
  'customerReviews',
  'follows',
  'clinics',
  'messages',
  'writeMessage',
  'validation',
  'dataExport',
  'accountDeletion',
];
// The admin area's forms show zod's messages (validation) too, and its settings the account settings of the auth feature.
const ADMIN_NAMESPACES = [
  'admin',
  'adminReports',
  'adminReviews',
  'adminPayments',
  'payments',
  'messages',
  'validation',
  'auth',
  'dataExport',
  'accountDeletion',
];

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
function dashboardArea(
  path: string,
  load: () => Promise<AreaModule>,
  segments: (string | AreaSubpage)[],
  namespaces: string[] = [],
): RouteObject {
  const areaPage = (exportName: string) =>
    lazyPage(load, (module) => module[exportName], [...DASHBOARD_NAMESPACES, ...namespaces]);
  return {
    path,
    ...areaPage('Layout'),
    children: [
      { index: true, ...areaPage('Overview') },
      ...segments.map((segment) =>
        typeof segment === 'string'
          ? { path: segment, ...areaPage(segment[0]?.toUpperCase() + segment.slice(1)) }
          : { path: segment.path, ...areaPage(segment.exportName) },
      ),
    ],
  };
}

// Every page is its own chunk, every dashboard area one chunk: the landing page downloads only what it shows.
const routes: RouteObject[] = [
  {
    element: <AppRoot />,
    children: [
      {
        element: <PublicRoot />,
        children: [
          { path: paths.home, ...publicPage(() => import('./routes/public/home.tsx'), ['home', 'clinics'], true) },
          { path: paths.about, ...publicPage(() => import('./routes/public/about.tsx'), ['about']) },
          { path: paths.forClinics, ...publicPage(() => import('./routes/public/for-clinics.tsx'), ['forClinics']) },
          { path: paths.forCustomers, ...publicPage(() => import('./routes/public/for-customers.tsx'), ['customers']) },
          { path: paths.clinics, ...publicPage(() => import('./routes/public/clinics.tsx'), ['clinics'], true) },
          // An unknown clinic shows the not-found page: its translations come along.
          {
            path: `${paths.clinics}/:slug`,
            ...publicPage(
              () => import('./routes/public/clinic-profile.tsx'),
              ['clinicProfile', 'reviews', 'notFound'],
              true,
            ),
          },
          {
            path: `${paths.verify}/:number?`,
            ...publicPage(() => import('./routes/public/verify.tsx'), ['verification']),
          },
          {
            path: paths.reviewGuidelines,
            ...publicPage(() => import('./routes/public/review-guidelines.tsx'), ['reviews']),
          },
          { path: paths.privacy, ...publicPage(() => import('./routes/public/privacy.tsx'), ['privacy']) },
          {
            path: `${paths.writeReview}/:token`,
            ...publicPage(() => import('./routes/public/write-review.tsx'), ['customerReviews', 'validation']),
          },
          { path: paths.faq, ...publicPage(() => import('./routes/public/faq.tsx'), ['faq']) },
          { path: paths.contact, ...publicPage(() => import('./routes/public/contact.tsx'), ['contact']) },
          { path: paths.quickLinks, ...publicPage(() => import('./routes/public/quick-links.tsx'), ['quickLinks']) },
          { path: paths.credentials, ...publicPage(() => import('./routes/public/credentials.tsx'), ['credentials']) },
          { path: paths.login, ...publicPage(() => import('./routes/public/login.tsx'), AUTH_NAMESPACES) },
          { path: paths.register, ...publicPage(() => import('./routes/public/register.tsx'), AUTH_NAMESPACES) },
          { path: paths.adminLogin, ...publicPage(() => import('./routes/public/admin-login.tsx'), AUTH_NAMESPACES) },
          {
            path: paths.forgotPassword,
            ...publicPage(() => import('./routes/public/forgot-password.tsx'), AUTH_NAMESPACES),
          },
          {
            path: paths.resetPassword,
            ...publicPage(() => import('./routes/public/reset-password.tsx'), AUTH_NAMESPACES),
          },
          {
            path: paths.confirmEmail,
            ...publicPage(() => import('./routes/public/confirm-email.tsx'), AUTH_NAMESPACES),
          },
          { path: '*', ...publicPage(() => import('./routes/public/not-found.tsx'), ['notFound']) },
        ],
      },
      // The segments are those of paths.ts (SPEC section 2 "Menus").
      dashboardArea(
        paths.customerDashboard,
        () => import('./routes/customer/area.tsx'),
        ['bookings', 'followed', 'messages', 'reports', 'settings'],
        CUSTOMER_AREA_NAMESPACES,
      ),
      dashboardArea(
        paths.clinicDashboard,
        () => import('./routes/clinic/area.tsx'),
        [
          'application',
          'certification',
          'reviews',
          'messages',
          'payments',
          // Stripe's Checkout returns to these two (contracts/payments.ts); the static paths rank before :paymentId.
          { path: 'payments/success', exportName: 'PaymentSuccess' },
          { path: 'payments/cancelled', exportName: 'PaymentCancelled' },
          { path: 'payments/:paymentId', exportName: 'PaymentDocument' },
          'settings',
        ],
        CLINIC_AREA_NAMESPACES,
      ),
      dashboardArea(
        paths.adminDashboard,
        () => import('./routes/admin/area.tsx'),
        [
          'applications',
          { path: 'applications/:clinicId', exportName: 'Application' },
          'messages',
          'clinics',
          'users',
          'reports',
          'reviews',
          'payments',
          { path: 'payments/:paymentId', exportName: 'Payment' },
          'cms',
          'settings',
        ],
        ADMIN_NAMESPACES,
      ),
    ],
  },
];

/** The app's pages, inside a BrowserRouter. */
export function AppRoutes() {
  return useRoutes(routes);
}

/**
 * Starts downloading the page at `pathname` and its translations now, beside the entry's own
 * translations, rather than once the layout around it has rendered.
 */
export function preloadPage(pathname: string) {
  for (const { route } of matchRoutes(routes, pathname) ?? []) {
    const handle = route.handle as PageHandle | undefined;
    handle?.preload().catch(() => {
      // Rendering the page loads it again and shows what went wrong.
    });
  }
}
