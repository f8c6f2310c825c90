import { z } from 'zod';
import { DEFAULT_LANGUAGE, LANGUAGES } from './constants.ts';

export const LanguageSchema = z.enum(LANGUAGES, { error: 'validation:invalidLanguage' });

export const SiteContentQuerySchema = z.object({
  lang: LanguageSchema.default(DEFAULT_LANGUAGE),
});

export const HeroContentSchema = z.object({
  heroTitle: z.string(),
  heroSubtitle: z.string(),
});
export type HeroContent = z.infer<typeof HeroContentSchema>;

/** The site's profiles on social networks, shown in the footer (issue 28): set by the admin, none hides its button. */
export const SocialLinksSchema = z.object({ facebook: z.string().nullable(), instagram: z.string().nullable() });
export type SocialLinks = z.infer<typeof SocialLinksSchema>;

export const SiteSettingsSchema = z.object({
  siteTitle: z.string(),
  socialLinks: SocialLinksSchema,
  /** The MapLibre style of the register's map (MAP_STYLE_URL); null: the installation shows no map (issue 24). */
  mapStyleUrl: z.string().nullable(),
});
export type SiteSettings = z.infer<typeof SiteSettingsSchema>;

/** How the admin account of an installation is made: by registering ADMIN_EMAIL (not in production), or with `npm run admin:create`. */
export const AdminSetupSchema = z.enum(['sign-up', 'admin-create']);
export type AdminSetup = z.infer<typeof AdminSetupSchema>;

export const DemoCredentialsSchema = z.object({
  adminEmail: z.string(),
  adminSetup: AdminSetupSchema,
  accounts: z.array(z.object({ role: z.enum(['customer', 'clinic']), email: z.string(), password: z.string() })),
});
export type DemoCredentials = z.infer<typeof DemoCredentialsSchema>;
