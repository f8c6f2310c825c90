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

export const SiteSettingsSchema = z.object({
  siteTitle: z.string(),
});
export type SiteSettings = z.infer<typeof SiteSettingsSchema>;
