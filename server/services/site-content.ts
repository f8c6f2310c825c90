import { inArray } from 'drizzle-orm';
import { type Language, SOCIAL_NETWORKS, type SocialNetwork } from '../../contracts/constants.ts';
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

/** The site_settings key of the footer's link to the site's profile on a network; empty or no row: no link. */
export const socialLinkKey = (network: SocialNetwork) => `${network}_url`;

/** What every page shows from the admin's settings: the site title and the footer's social profiles. */
export async function getSiteSettings(db: Database): Promise<Omit<SiteSettings, 'mapStyleUrl'>> {
  const rows = await db.select().from(siteSettings);
  const value = (key: string) => rows.find((row) => row.key === key)?.value || null;
  const socialLinks = Object.fromEntries(
    SOCIAL_NETWORKS.map((network) => [network, value(socialLinkKey(network))]),
  ) as SiteSettings['socialLinks'];
  return { siteTitle: value('site_title') ?? DEFAULT_SITE_TITLE, socialLinks };
}

/** The settings the browser reads (GET /api/site/settings, and the server's first screens): the admin's and the map's style. */
export async function publicSiteSettings(db: Database, mapStyleUrl: string | undefined): Promise<SiteSettings> {
  return { ...(await getSiteSettings(db)), mapStyleUrl: mapStyleUrl ?? null };
}
