import { Building2Icon, ClipboardCheckIcon, FlagIcon, LayoutDashboardIcon, MessageSquareIcon, PanelsTopLeftIcon, UsersIcon } from 'lucide-react';
import { paths } from '../../../config/paths.ts';
import { type AreaMenuItem, DashboardShell } from '../dashboard-shell.tsx';
import { PlaceholderPage } from '../placeholder-page.tsx';

// The admin area (/admin, role admin) is one chunk: this module and what it imports.
const MENU: AreaMenuItem[] = [
  { to: paths.adminDashboard, page: 'admin.overview', icon: LayoutDashboardIcon, end: true },
  { to: paths.adminApplications, page: 'admin.applications', icon: ClipboardCheckIcon },
  { to: paths.adminMessages, page: 'admin.messages', icon: MessageSquareIcon },
  { to: paths.adminClinics, page: 'admin.clinics', icon: Building2Icon },
  { to: paths.adminUsers, page: 'admin.users', icon: UsersIcon },
  { to: paths.adminReports, page: 'admin.reports', icon: FlagIcon },
  { to: paths.adminCms, page: 'admin.cms', icon: PanelsTopLeftIcon },
];

// Admins have no settings page: the header's name and initial are plain text here.
export const Layout = () => <DashboardShell area="admin" menu={MENU} />;
export const Overview = () => <PlaceholderPage page="admin.overview" greeting />;
export const Applications = () => <PlaceholderPage page="admin.applications" />;
export const Messages = () => <PlaceholderPage page="admin.messages" />;
export const Clinics = () => <PlaceholderPage page="admin.clinics" />;
export const Users = () => <PlaceholderPage page="admin.users" />;
export const Reports = () => <PlaceholderPage page="admin.reports" />;
export const Cms = () => <PlaceholderPage page="admin.cms" />;
