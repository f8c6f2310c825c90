import '../../web/lib/i18n.ts';
import { type ReactNode, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { useTranslation } from 'react-i18next';
import { BrowserRouter, useRoutes } from 'react-router';

/** One translated line: the least a page of this stack can show. */
export function TranslatedLine({ suffix = '' }: { suffix?: string }) {
  const { t } = useTranslation();
  return <p>{`${t('nav.home')}${suffix}`}</p>;
}

function Routes({ page }: { page: ReactNode }) {
  return useRoutes([{ path: '*', element: page }]);
}

/** Mounts `page` as the app mounts its pages: React, the app's i18next setup and the declarative router. */
export function mount(page: ReactNode, wrap: (children: ReactNode) => ReactNode = (children) => children) {
  const root = document.getElementById('root');
  if (!root) throw new Error('The page has no #root element');
  createRoot(root).render(
    <StrictMode>
      {wrap(
        <BrowserRouter>
          <Routes page={page} />
        </BrowserRouter>,
      )}
    </StrictMode>,
  );
}
