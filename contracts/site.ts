import { z } from 'zod';

export const LANGUAGES = ['sv', 'en'] as const;
export const LanguageSchema = z.enum(LANGUAGES, { error: 'validation:invalidLanguage' });
export type Language = z.infer<typeof LanguageSchema>;
export const DEFAULT_LANGUAGE: Language = 'sv';

export const SiteContentQuerySchema = z.object({
  lang: LanguageSchema.default(DEFAULT_LANGUAGE),
});

export const HeroContentSchema = z.object({
  heroTitle: z.string(),
  heroSubtitle: z.string(),
});
export type HeroContent = z.infer<typeof HeroContentSchema>;

export const SiteSettingsSchema = z.object({
  siteTitle: z.string(),
});
export type SiteSettings = z.infer<typeof SiteSettingsSchema>;
