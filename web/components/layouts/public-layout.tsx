import type { ReactNode } from 'react';
import type { SocialLinks } from '../../../contracts/site.ts';
import { useTranslation } from 'react-i18next';
import { SiteFooter } from './site-footer.tsx';
import { SiteHeader } from './site-header.tsx';

export function PublicLayout({
  siteTitle,
  socialLinks,
  accountActions,
  children,
}: {
  siteTitle: string;
  /** The footer's social profiles; none in the server's first screen, whose footer is below the fold. */
  socialLinks?: SocialLinks;
  accountActions: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-primary px-4 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        {t('nav.skipToContent')}
      </a>
      <SiteHeader siteTitle={siteTitle} accountActions={accountActions} />
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        {children}
      </main>
      <SiteFooter siteTitle={siteTitle} socialLinks={socialLinks} />
    </div>
  );
}
