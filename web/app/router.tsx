import { createBrowserRouter } from 'react-router';
import { paths } from '../config/paths.ts';
import { PublicRoot } from './routes/public/root.tsx';

// Every page is its own chunk: the landing page downloads only what it shows.
export const router = createBrowserRouter([
  {
    Component: PublicRoot,
    // The first page's chunk is still loading on the very first render: show the empty shell meanwhile.
    HydrateFallback: () => null,
    children: [
      { path: paths.home, lazy: () => import('./routes/public/home.tsx') },
      { path: paths.about, lazy: () => import('./routes/public/about.tsx') },
      { path: paths.forClinics, lazy: () => import('./routes/public/for-clinics.tsx') },
      { path: paths.forCustomers, lazy: () => import('./routes/public/for-customers.tsx') },
      { path: paths.clinics, lazy: () => import('./routes/public/clinics.tsx') },
      { path: paths.faq, lazy: () => import('./routes/public/faq.tsx') },
      { path: paths.contact, lazy: () => import('./routes/public/contact.tsx') },
      { path: paths.quickLinks, lazy: () => import('./routes/public/quick-links.tsx') },
      { path: paths.credentials, lazy: () => import('./routes/public/credentials.tsx') },
      { path: '*', lazy: () => import('./routes/public/not-found.tsx') },
    ],
  },
]);
