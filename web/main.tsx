import './styles.css';
import './lib/i18n.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProvider } from './app/provider.tsx';
import { router } from './app/router.tsx';
import { loadAuthClient } from './lib/auth-client.ts';

// auth-js is not part of the first paint (docs/decisions/008-lazy-auth-client.md); start fetching it now.
loadAuthClient().catch((error: unknown) => console.error('Could not load the sign-in client', error));

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

createRoot(root).render(
  <StrictMode>
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>
  </StrictMode>,
);
