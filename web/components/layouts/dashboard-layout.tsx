import { LogOutIcon, type LucideIcon, MenuIcon, ShieldCheckIcon } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation } from 'react-router';
import { paths } from '../../config/paths.ts';
import { cn } from '../../lib/cn.ts';
import { Button } from '../ui/button.tsx';
import { Sheet, SheetContent, SheetTitle, SheetTrigger } from '../ui/sheet.tsx';
import { Skeleton } from '../ui/skeleton.tsx';
import { LanguageSwitcher } from './language-switcher.tsx';

export interface DashboardMenuItem {
  to: string;
  label: string;
  icon: LucideIcon;
  /** Active only on exactly this path (the overview, whose path begins every other one). */
  end?: boolean;
  /** A count beside the label (unread messages); `label` reads it out: "3 olästa". */
  badge?: { count: number; label: string };
}

interface DashboardLayoutProps {
  siteTitle: string;
  /** Names the area's menu: "Kundpanel", "Klinikpanel", "Adminpanel". */
  areaLabel: string;
  menu: DashboardMenuItem[];
  /** Null while the sign-in state loads: a placeholder holds its place. */
  user: { name: string; roleLabel: string } | null;
  /** Where the header's name and initial lead (customers and clinics); without it they are plain text. */
  settingsHref?: string;
  onLogout: () => void;
  children: ReactNode;
}

function SiteLogo({ siteTitle, className }: { siteTitle: string; className?: string }) {
  return (
    <Link
      to={paths.home}
      className={cn('flex min-w-0 items-center gap-2 rounded-md text-lg font-bold text-primary', className)}
    >
      <ShieldCheckIcon className="size-7 shrink-0" aria-hidden />
      <span className="truncate">{siteTitle}</span>
    </Link>
  );
}

function Menu({ areaLabel, menu }: { areaLabel: string; menu: DashboardMenuItem[] }) {
  return (
    <nav aria-label={areaLabel} className="flex-1 overflow-y-auto p-3">
      <p className="px-3 pt-2 pb-3 text-xs font-semibold tracking-wide text-muted-foreground uppercase" aria-hidden>
        {areaLabel}
      </p>
      <ul className="grid gap-1">
        {menu.map(({ to, label, icon: Icon, end, badge }) => {
          const count = badge && badge.count > 0 ? badge : null;
          return (
            <li key={to}>
              <NavLink
                to={to}
                end={end}
                className={({ isActive }) =>
                  cn(
                    'flex items-center gap-3 rounded-md px-3 py-2.5 text-sm font-medium transition-colors',
                    isActive
                      ? 'bg-secondary text-secondary-foreground'
                      : 'text-foreground/80 hover:bg-muted hover:text-foreground',
                  )
                }
              >
                <Icon className="size-5 shrink-0" aria-hidden />
                {label}
                {/* The space keeps "Meddelanden 3 olästa" apart for screen readers. */}
                {count ? ' ' : null}
                {count ? (
                  <span className="ml-auto min-w-6 rounded-full bg-primary px-2 py-0.5 text-center text-xs font-semibold text-primary-foreground tabular-nums">
                    <span aria-hidden>{count.count > 99 ? '99+' : count.count}</span>
                    <span className="sr-only">{count.label}</span>
                  </span>
                ) : null}
              </NavLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

function UserBadge({ user, settingsHref }: { user: NonNullable<DashboardLayoutProps['user']>; settingsHref?: string }) {
  const { t } = useTranslation();
  const initial = [...user.name.trim()][0]?.toLocaleUpperCase('sv-SE') ?? '?';
  const content = (
    <>
      {/* Below sm only the initial shows; the name stays for screen readers. */}
      <span className="sr-only text-right sm:not-sr-only">
        <span className="block max-w-48 truncate text-sm font-semibold">{user.name}</span>
        <span className="block text-xs text-muted-foreground">{user.roleLabel}</span>
      </span>
      <span
        className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary text-base font-semibold text-primary-foreground"
        aria-hidden
      >
        {initial}
      </span>
    </>
  );
  if (!settingsHref) return <div className="flex items-center gap-3 p-1">{content}</div>;
  return (
    <Link to={settingsHref} className="flex items-center gap-3 rounded-md p-1 transition-colors hover:bg-muted">
      {content}
      <span className="sr-only">{t('account.openSettings')}</span>
    </Link>
  );
}

/**
 * SPEC section 2 "Dashboard shell": the side menu from the lg breakpoint, below it a drawer of
 * 18rem behind a menu button; a logout button; a header with the user's name and initial.
 */
export function DashboardLayout({
  siteTitle,
  areaLabel,
  menu,
  user,
  settingsHref,
  onLogout,
  children,
}: DashboardLayoutProps) {
  const { t } = useTranslation();
  const location = useLocation();
  // Like the public header's menu: the drawer belongs to the navigation it was opened on.
  const [openedOn, setOpenedOn] = useState<string | null>(null);
  const drawerOpen = openedOn === location.key;

  const logoutButton = (
    <Button variant="ghost" className="w-full justify-start gap-3 px-3 text-foreground/80" onClick={onLogout}>
      <LogOutIcon className="size-5" aria-hidden />
      {t('account.logout')}
    </Button>
  );

  return (
    <div className="min-h-screen bg-muted/50">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-primary px-4 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        {t('nav.skipToContent')}
      </a>

      <aside className="fixed inset-y-0 left-0 z-30 hidden w-64 flex-col border-r bg-card lg:flex">
        <div className="flex h-header shrink-0 items-center border-b px-5">
          <SiteLogo siteTitle={siteTitle} />
        </div>
        <Menu areaLabel={areaLabel} menu={menu} />
        <div className="border-t p-3">{logoutButton}</div>
      </aside>

      <div className="flex min-h-screen flex-col lg:pl-64">
        <header className="sticky top-0 z-20 h-header border-b bg-background/95 backdrop-blur">
          <div className="flex h-full items-center gap-2 px-4 sm:px-6 lg:px-8">
            <Sheet open={drawerOpen} onOpenChange={(open) => setOpenedOn(open ? location.key : null)}>
              <SheetTrigger asChild>
                <Button variant="ghost" size="icon" className="-ml-2 lg:hidden" aria-label={t('nav.openMenu')}>
                  <MenuIcon className="size-6" aria-hidden />
                </Button>
              </SheetTrigger>
              <SheetContent closeLabel={t('nav.closeMenu')} className="lg:hidden" aria-describedby={undefined}>
                <SheetTitle className="sr-only">{areaLabel}</SheetTitle>
                <div className="flex h-header shrink-0 items-center border-b pr-14 pl-5">
                  <SiteLogo siteTitle={siteTitle} />
                </div>
                <Menu areaLabel={areaLabel} menu={menu} />
                <div className="grid gap-3 border-t p-3">
                  <LanguageSwitcher className="self-start" />
                  {logoutButton}
                </div>
              </SheetContent>
            </Sheet>
            <SiteLogo siteTitle={siteTitle} className="lg:hidden [&>span]:sr-only sm:[&>span]:not-sr-only" />

            <div className="ml-auto flex items-center gap-3">
              <LanguageSwitcher className="hidden sm:inline-flex" />
              {user ? (
                <UserBadge user={user} settingsHref={settingsHref} />
              ) : (
                <Skeleton className="m-1 size-10 rounded-full" />
              )}
            </div>
          </div>
        </header>

        <main
          id="main"
          tabIndex={-1}
          className="mx-auto w-full max-w-6xl flex-1 px-4 py-8 focus:outline-none sm:px-6 lg:px-8 lg:py-10"
        >
          {children}
        </main>
      </div>
    </div>
  );
}
