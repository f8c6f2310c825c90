import { MenuIcon, ShieldCheckIcon, XIcon } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation } from 'react-router';
import { paths } from '../../config/paths.ts';
import { cn } from '../../lib/cn.ts';
import { Button } from '../ui/button.tsx';
import { LanguageSwitcher } from './language-switcher.tsx';

const NAV_LINKS = [
  { to: paths.about, key: 'nav.about' },
  { to: paths.forClinics, key: 'nav.forClinics' },
  { to: paths.clinics, key: 'nav.clinics' },
  { to: paths.faq, key: 'nav.faq' },
  { to: paths.contact, key: 'nav.contact' },
] as const;

/**
 * The sticky 80 px header. Below the lg breakpoint the navigation folds into a menu that closes on
 * every navigation. `accountActions` holds sign-in/register or My page/log out, whichever applies.
 */
export function SiteHeader({ siteTitle, accountActions }: { siteTitle: string; accountActions: ReactNode }) {
  const { t } = useTranslation();
  const menuId = useId();
  const location = useLocation();
  // The menu remembers the navigation it was opened on, so any navigation closes it by itself.
  const [openedOn, setOpenedOn] = useState<string | null>(null);
  const menuOpen = openedOn === location.key;

  const navItems = NAV_LINKS.map((link) => (
    <li key={link.to}>
      <NavLink
        to={link.to}
        className={({ isActive }) =>
          cn(
            'block rounded-md px-3 py-2 text-sm font-medium transition-colors hover:bg-muted',
            isActive ? 'text-primary' : 'text-foreground/80',
          )
        }
      >
        {t(link.key)}
      </NavLink>
    </li>
  ));

  return (
    <header className="sticky top-0 z-40 h-header border-b bg-background/95 backdrop-blur">
      <div className="mx-auto flex h-full max-w-7xl items-center justify-between gap-4 px-4 sm:px-6">
        <Link to={paths.home} className="flex items-center gap-2 rounded-md text-lg font-bold text-primary">
          <ShieldCheckIcon className="size-7" aria-hidden />
          <span>{siteTitle}</span>
        </Link>

        <nav aria-label={t('nav.label')} className="hidden lg:block">
          <ul className="flex items-center gap-1">{navItems}</ul>
        </nav>

        <div className="hidden items-center gap-3 lg:flex">
          <LanguageSwitcher />
          {accountActions}
        </div>

        <Button
          variant="ghost"
          size="icon"
          className="lg:hidden"
          aria-expanded={menuOpen}
          aria-controls={menuId}
          aria-label={menuOpen ? t('nav.closeMenu') : t('nav.openMenu')}
          onClick={() => setOpenedOn(menuOpen ? null : location.key)}
        >
          {menuOpen ? <XIcon aria-hidden /> : <MenuIcon aria-hidden />}
        </Button>
      </div>

      <div id={menuId} hidden={!menuOpen} className="border-b bg-background px-4 pb-4 shadow-md lg:hidden">
        <nav aria-label={t('nav.label')}>
          <ul className="flex flex-col gap-1 py-2">{navItems}</ul>
        </nav>
        <div className="flex flex-wrap items-center gap-3 border-t pt-4">
          <LanguageSwitcher />
          {accountActions}
        </div>
      </div>
    </header>
  );
}
