import {
  ArrowRightIcon,
  BuildingIcon,
  HouseIcon,
  LayoutDashboardIcon,
  type LucideIcon,
  SearchIcon,
  ShieldCheckIcon,
  ShieldIcon,
  StethoscopeIcon,
  UserIcon,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/page-header.tsx';
import { paths } from '../../../config/paths.ts';

interface QuickLink {
  key: string;
  to: string;
  icon: LucideIcon;
}

const GROUPS: { key: string; links: QuickLink[] }[] = [
  {
    key: 'public',
    links: [
      { key: 'home', to: paths.home, icon: HouseIcon },
      { key: 'clinics', to: paths.clinics, icon: SearchIcon },
    ],
  },
  {
    key: 'signIn',
    links: [
      { key: 'customerLogin', to: paths.login, icon: UserIcon },
      { key: 'clinicLogin', to: paths.login, icon: StethoscopeIcon },
      { key: 'adminLogin', to: paths.adminLogin, icon: ShieldIcon },
    ],
  },
  {
    key: 'areas',
    links: [
      { key: 'customerDashboard', to: paths.customerDashboard, icon: LayoutDashboardIcon },
      { key: 'clinicDashboard', to: paths.clinicDashboard, icon: BuildingIcon },
      { key: 'adminDashboard', to: paths.adminDashboard, icon: ShieldCheckIcon },
    ],
  },
];

export function Component() {
  const { t } = useTranslation('quickLinks');
  return (
    <>
      <PageHeader title={t('title')} intro={t('intro')} />
      <div className="mx-auto max-w-5xl space-y-12 px-4 py-14 sm:px-6">
        {GROUPS.map((group) => (
          <section key={group.key} aria-labelledby={`quick-links-${group.key}`}>
            <h2 id={`quick-links-${group.key}`} className="text-2xl font-bold tracking-tight">
              {t(`groups.${group.key}.title`)}
            </h2>
            <p className="mt-1 text-muted-foreground">{t(`groups.${group.key}.intro`)}</p>
            <ul className="mt-5 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {group.links.map(({ key, to, icon: Icon }) => (
                <li
                  key={key}
                  className="group relative flex h-full gap-4 rounded-lg border bg-card p-5 shadow-sm transition-colors hover:border-primary/60 hover:bg-secondary/30 has-[a:focus-visible]:outline-2 has-[a:focus-visible]:outline-offset-2 has-[a:focus-visible]:outline-ring"
                >
                  <Icon className="size-10 shrink-0 rounded-lg bg-secondary p-2 text-primary" aria-hidden />
                  <div className="flex flex-col gap-1">
                    {/* The whole card is clickable; the link's name stays the short title. */}
                    <Link
                      to={to}
                      className="flex items-center gap-1 font-semibold group-hover:underline after:absolute after:inset-0 focus-visible:outline-none"
                    >
                      {t(`links.${key}.title`)}
                      <ArrowRightIcon
                        className="size-4 text-primary transition-transform group-hover:translate-x-0.5"
                        aria-hidden
                      />
                    </Link>
                    <p className="text-sm text-muted-foreground">{t(`links.${key}.text`)}</p>
                    <p className="font-mono text-xs text-muted-foreground">{to}</p>
                  </div>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </>
  );
}
