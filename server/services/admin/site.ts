import { inArray } from 'drizzle-orm';
import type { AdminSiteContent, AdminSiteContentChange } from '../../../contracts/admin.ts';
import type { Database } from '../../db/client.ts';
import { siteContent, siteSettings } from '../../db/schema/index.ts';
import { SOCIAL_NETWORKS } from '../../../contracts/constants.ts';
import { getSiteSettings, socialLinkKey } from '../site-content.ts';
import { recordAudit } from './audit.ts';

const HERO_KEYS = { heroTitle: 'hero_title', heroSubtitle: 'hero_subtitle' } as const;

/** The site title, both hero texts in both languages and the social profiles, as the CMS form edits them. */
export async function getSiteContentForAdmin(db: Database): Promise<AdminSiteContent> {
  const { siteTitle, socialLinks } = await getSiteSettings(db);
  const rows = await db
    .select()
    .from(siteContent)
    .where(inArray(siteContent.contentKey, Object.values(HERO_KEYS)));
  const texts = (key: string) => {
    const row = rows.find((candidate) => candidate.contentKey === key);
    return { sv: row?.valueSv ?? '', en: row?.valueEn ?? '' };
  };
  return {
    siteTitle,
    heroTitle: texts(HERO_KEYS.heroTitle),
    heroSubtitle: texts(HERO_KEYS.heroSubtitle),
    socialLinks,
  };
}

/** Saves the site title, hero texts and social profiles; the log keeps what they were before. */
export async function updateSiteContent(
  db: Database,
  adminId: string,
  change: AdminSiteContentChange,
): Promise<AdminSiteContent> {
  const before = await getSiteContentForAdmin(db);
  const content: AdminSiteContent = { ...change, socialLinks: change.socialLinks ?? before.socialLinks };
  const now = new Date();
  await db.transaction(async (tx) => {
    // A profile cleared is stored empty, not deleted: the demo's seed fills in only the keys it does not find.
    const settings: [key: string, value: string][] = [
      ['site_title', content.siteTitle],
      ...SOCIAL_NETWORKS.map((network): [string, string] => [
        socialLinkKey(network),
        content.socialLinks[network] ?? '',
      ]),
    ];
    for (const [key, value] of settings) {
      await tx
        .insert(siteSettings)
        .values({ key, value, updatedAt: now })
        .onConflictDoUpdate({ target: siteSettings.key, set: { value, updatedAt: now } });
    }
    for (const [field, key] of Object.entries(HERO_KEYS) as [keyof typeof HERO_KEYS, string][]) {
      const { sv, en } = content[field];
      await tx
        .insert(siteContent)
        .values({ contentKey: key, valueSv: sv, valueEn: en, updatedAt: now })
        .onConflictDoUpdate({ target: siteContent.contentKey, set: { valueSv: sv, valueEn: en, updatedAt: now } });
    }
    await recordAudit(tx, {
      actorId: adminId,
      action: 'site.content_edited',
      targetId: null,
      before: { ...before },
      after: { ...content },
    });
  });
  return getSiteContentForAdmin(db);
}
