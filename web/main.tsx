import './lib/zod-settings.ts';
import './styles.css';
import './lib/i18n.ts';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppProvider } from './app/provider.tsx';
import { AppRoutes, preloadPage } from './app/router.tsx';
import { loadAuthClient } from './lib/auth-client.ts';
import { takePageData } from './lib/page-data.ts';
import { queryClient } from './lib/query-client.ts';

// auth-js is not part of the first paint (docs/decisions/008-lazy-auth-client.md); start fetching it now.
loadAuthClient().catch((error: unknown) => console.error('Could not load the sign-in client', error));

// The page's chunk and translations load beside the entry's own translations, not after the layout.
preloadPage(window.location.pathname);

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

function renderApp(container: HTMLElement) {
  // A transition renders the first tree in slices of a few milliseconds instead of one long task, so a
  // phone stays responsive while the app boots; the server's copy of the page is on screen meanwhile.
  startTransition(() => {
    createRoot(container).render(
      <StrictMode>
        <AppProvider>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </AppProvider>
      </StrictMode>,
    );
  });
}

// The register, as the server rendered it with its cards, starts from those cards: no second request,
// and they are not rendered again when an answer comes. The query it fills is not part of the landing
// page, so it loads only here, beside the page's own chunk.
const pageData = takePageData();
if (pageData) {
  import('./app/seed-page-data.ts')
    .then(({ seedPageData }) => seedPageData(queryClient, pageData))
    .catch((error: unknown) => console.error('Could not start from the page data', error))
    .finally(() => renderApp(root));
} else {
  renderApp(root);
}
