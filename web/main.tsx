import './lib/zod-settings.ts';
import './styles.css';
import './lib/i18n.ts';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppProvider } from './app/provider.tsx';
import { AppRoutes, preloadPage } from './app/router.tsx';
import { loadAuthClient } from './lib/auth-client.ts';

// auth-js is not part of the first paint (docs/decisions/008-lazy-auth-client.md); start fetching it now.
loadAuthClient().catch((error: unknown) => console.error('Could not load the sign-in client', error));

// The page's chunk and translations load beside the entry's own translations, not after the layout.
preloadPage(window.location.pathname);

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

// A transition renders the first tree in slices of a few milliseconds instead of one long task, so a
// phone stays responsive while the app boots; the server's copy of the page is on screen meanwhile.
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <AppProvider>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </AppProvider>
    </StrictMode>,
  );
});
