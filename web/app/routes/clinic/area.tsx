import { BadgeCheckIcon, CreditCardIcon, FileTextIcon, LayoutDashboardIcon, SettingsIcon } from 'lucide-react';
import { paths } from '../../../config/paths.ts';
import { type AreaMenuItem, DashboardShell } from '../dashboard-shell.tsx';
import { PlaceholderPage } from '../placeholder-page.tsx';

// The clinic area (/clinic-dashboard, role clinic) is one chunk: this module and what it imports.
const MENU: AreaMenuItem[] = [
  { to: paths.clinicDashboard, page: 'clinic.overview', icon: LayoutDashboardIcon, end: true },
  { to: paths.clinicApplication, page: 'clinic.application', icon: FileTextIcon },
  { to: paths.clinicCertification, page: 'clinic.certification', icon: BadgeCheckIcon },
  { to: paths.clinicPayments, page: 'clinic.payments', icon: CreditCardIcon },
  { to: paths.clinicSettings, page: 'clinic.settings', icon: SettingsIcon },
];

export const Layout = () => <DashboardShell area="clinic" menu={MENU} settingsHref={paths.clinicSettings} />;
export const Overview = () => <PlaceholderPage page="clinic.overview" greeting />;
export const Application = () => <PlaceholderPage page="clinic.application" />;
export const Certification = () => <PlaceholderPage page="clinic.certification" />;
export const Payments = () => <PlaceholderPage page="clinic.payments" />;
export const Settings = () => <PlaceholderPage page="clinic.settings" />;
