import { inArray } from 'drizzle-orm';
import type { Language } from '../../contracts/constants.ts';
import type { HeroContent, SiteSettings } from '../../contracts/site.ts';
import type { Database } from '../db/client.ts';
import { siteContent, siteSettings } from '../db/schema/index.ts';
import { DEFAULT_SITE_TITLE } from './demo/seed.ts';

export async function getHeroContent(db: Database, language: Language): Promise<HeroContent> {
  const rows = await db
    .select()
    .from(siteContent)
    .where(inArray(siteContent.contentKey, ['hero_title', 'hero_subtitle']));
  const text = (key: string) => {
    const row = rows.find((candidate) => candidate.contentKey === key);
    return (language === 'en' ? row?.valueEn : row?.valueSv) ?? '';
  };
  return { heroTitle: text('hero_title'), heroSubtitle: text('hero_subtitle') };
}

export async function getSiteSettings(db: Database): Promise<SiteSettings> {
  const rows = await db.select().from(siteSettings);
  const siteTitle = rows.find((row) => row.key === 'site_title')?.value;
  return { siteTitle: siteTitle || DEFAULT_SITE_TITLE };
}
