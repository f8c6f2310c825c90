import { CalendarDaysIcon, FlagIcon, HeartIcon, LayoutDashboardIcon, SettingsIcon } from 'lucide-react';
import { paths } from '../../../config/paths.ts';
import { type AreaMenuItem, DashboardShell } from '../dashboard-shell.tsx';
import { PlaceholderPage } from '../placeholder-page.tsx';

// The customer area (/dashboard, role customer) is one chunk: this module and what it imports.
const MENU: AreaMenuItem[] = [
  { to: paths.customerDashboard, page: 'customer.overview', icon: LayoutDashboardIcon, end: true },
  { to: paths.customerBookings, page: 'customer.bookings', icon: CalendarDaysIcon },
  { to: paths.customerFollowed, page: 'customer.followed', icon: HeartIcon },
  { to: paths.customerReports, page: 'customer.reports', icon: FlagIcon },
  { to: paths.customerSettings, page: 'customer.settings', icon: SettingsIcon },
];

export const Layout = () => <DashboardShell area="customer" menu={MENU} settingsHref={paths.customerSettings} />;
export const Overview = () => <PlaceholderPage page="customer.overview" greeting />;
export const Bookings = () => <PlaceholderPage page="customer.bookings" />;
export const Followed = () => <PlaceholderPage page="customer.followed" />;
export const Reports = () => <PlaceholderPage page="customer.reports" />;
export const Settings = () => <PlaceholderPage page="customer.settings" />;
