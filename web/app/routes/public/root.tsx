import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';
import { PublicLayout } from '../../../components/layouts/public-layout.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { paths } from '../../../config/paths.ts';
import { useSiteSettings } from '../../../features/site/api/get-site-settings.ts';
import { DocumentTitle } from '../../../features/site/components/document-title.tsx';

const FALLBACK_SITE_TITLE = 'Certifierad Klinik';

function SignedOutActions() {
  const { t } = useTranslation();
  return (
    <>
      <Button asChild variant="ghost" size="sm">
        <Link to={paths.login}>{t('account.login')}</Link>
      </Button>
      <Button asChild size="sm">
        <Link to={paths.register}>{t('account.register')}</Link>
      </Button>
    </>
  );
}

/** Header, footer and title around every public page; each navigation starts at the top. */
export function PublicRoot() {
  const settings = useSiteSettings();
  const siteTitle = settings.data?.siteTitle ?? FALLBACK_SITE_TITLE;
  const { pathname } = useLocation();

  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);

  return (
    <PublicLayout siteTitle={siteTitle} accountActions={<SignedOutActions />}>
      <DocumentTitle title={siteTitle} />
      <Suspense fallback={<div className="min-h-[50vh]" />}>
        <Outlet />
      </Suspense>
    </PublicLayout>
  );
}
