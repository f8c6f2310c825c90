import { ShieldCheckIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SOCIAL_NETWORKS } from '../../../contracts/constants.ts';
import type { SocialLinks } from '../../../contracts/site.ts';
import { paths } from '../../config/paths.ts';
import { SocialLink } from '../social-icons.tsx';

const MENU_LINKS = [
  { to: paths.home, key: 'nav.home' },
  { to: paths.about, key: 'nav.about' },
  { to: paths.forClinics, key: 'nav.forClinics' },
  { to: paths.forCustomers, key: 'nav.forCustomers' },
  { to: paths.clinics, key: 'nav.clinics' },
] as const;

const HELP_LINKS = [
  { to: paths.verify, key: 'footer.verify' },
  { to: paths.faq, key: 'nav.faq' },
  // Every rating links there too (issue 23): how reviews are checked and how the register orders clinics.
  { to: paths.reviewGuidelines, key: 'rating.howWeCheck' },
  { to: paths.contact, key: 'nav.contact' },
  // How personal data is handled, and the rights (issue 26).
  { to: paths.privacy, key: 'footer.privacy' },
  { to: paths.quickLinks, key: 'footer.quickLinks' },
] as const;

function FooterLinks({ id, title, links }: { id: string; title: string; links: { to: string; label: string }[] }) {
  return (
    <nav aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="text-sm font-semibold">
        {title}
      </h2>
      <ul className="mt-3 space-y-2 text-sm">
        {links.map((link) => (
          <li key={link.to}>
            <Link to={link.to} className="text-muted-foreground hover:text-foreground">
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function SiteFooter({ siteTitle, socialLinks }: { siteTitle: string; socialLinks?: SocialLinks }) {
  const { t } = useTranslation();
  // Only the profiles the admin has set (issue 28): a button that leads nowhere is not shown.
  const profiles = SOCIAL_NETWORKS.flatMap((network) => {
    const href = socialLinks?.[network];
    return href ? [{ network, href }] : [];
  });
  const year = new Date().getFullYear();

  return (
    <footer className="border-t bg-muted">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-4">
        <div className="md:col-span-2">
          <p className="flex items-center gap-2 text-lg font-bold text-primary">
            <ShieldCheckIcon className="size-6" aria-hidden />
            {siteTitle}
          </p>
          <p className="mt-3 max-w-md text-sm text-muted-foreground">{t('footer.tagline')}</p>
          {profiles.length > 0 ? (
            <ul className="mt-4 flex gap-2" aria-label={t('footer.social')}>
              {profiles.map(({ network, href }) => (
                <li key={network}>
                  <SocialLink network={network} href={href} />
                </li>
              ))}
            </ul>
          ) : null}
        </div>
        <FooterLinks
          id="footer-menu"
          title={t('footer.menu')}
          links={MENU_LINKS.map((link) => ({ to: link.to, label: t(link.key) }))}
        />
        <FooterLinks
          id="footer-help"
          title={t('footer.help')}
          links={HELP_LINKS.map((link) => ({ to: link.to, label: t(link.key) }))}
        />
      </div>
      <div className="border-t">
        <div className="mx-auto flex max-w-7xl flex-col gap-2 px-4 py-4 text-xs text-muted-foreground sm:flex-row sm:items-center sm:justify-between sm:px-6">
          <p>{t('footer.copyright', { year, siteTitle })}</p>
          <p className="flex gap-4">
            <Link to={paths.adminLogin} className="hover:text-foreground">
              {t('footer.adminLogin')}
            </Link>
            <Link to={paths.credentials} className="hover:text-foreground">
              {t('footer.testLogins')}
            </Link>
          </p>
        </div>
      </div>
    </footer>
  );
}
