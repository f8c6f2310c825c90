import path from 'node:path';
import type { ClinicPage } from '../contracts/clinics.ts';
import type { ClinicPageAnswer } from '../contracts/left-register.ts';
import type { SiteSettings } from '../contracts/site.ts';
import type { TreatmentId } from '../contracts/treatments.ts';

// Shared by the build (build/prerender-pages-plugin.ts), which writes these files, the pages' renderer
// (web/app/prerender-pages.tsx) and the server (server/plugins/external/web-app.ts), which reads them.

/**
 * Where the first screen of `pathname` in `language` is, inside the build's folder. A page painted
 * with one query parameter (`/register?role=clinic`) is a file in the page's folder (`register/role=clinic.html`).
 */
export function prerenderedPageFile(pathname: string, language: string): string {
  const name = pathname === '/' ? 'index' : pathname.slice(1).replace('?', '/');
  return path.join('prerendered', language, `${name}.html`);
}

/** The list of the pages that have one, inside the build's folder: the server serves no other path from there. */
export const PRERENDERED_MANIFEST = path.join('prerendered', 'pages.json');

/** Stand-ins in those files that the server replaces with the site's own texts (its title, the landing page's hero). */
export const PRERENDER_SLOTS = {
  title: '@@HERO_TITLE@@',
  subtitle: '@@HERO_SUBTITLE@@',
  siteTitle: '@@SITE_TITLE@@',
} as const;

/** What a page shows that the server reads from the database for each request (web/app/prerender-pages.tsx). */
export interface PageData {
  /**
   * The register's first page for a search (`''` for none), a treatment (none: every clinic) and a place
   * or position with its radius (issue 24), these as the address has them (web/features/clinic-register/lib/register-address.ts).
   */
  register?: {
    search: string;
    treatment?: TreatmentId;
    near?: string;
    lat?: string;
    lon?: string;
    radius?: string;
    page: ClinicPage;
  };
  /** A clinic's public page: a register clinic's, or one that left the register (issue 28 point 4). */
  profile?: ClinicPageAnswer;
  /** The site's public settings (the footer's links, the map's style), on the pages the server renders per request. */
  site?: SiteSettings;
}
