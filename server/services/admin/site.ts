import { inArray } from 'drizzle-orm';
import type { AdminSiteContent } from '../../../contracts/admin.ts';
import type { Database } from '../../db/client.ts';
import { siteContent, siteSettings } from '../../db/schema/index.ts';
import { getSiteSettings } from '../site-content.ts';
import { recordAudit } from './audit.ts';

const HERO_KEYS = { heroTitle: 'hero_title', heroSubtitle: 'hero_subtitle' } as const;

/** The site title and both hero texts in both languages, as the CMS form edits them. */
export async function getSiteContentForAdmin(db: Database): Promise<AdminSiteContent> {
  const { siteTitle } = await getSiteSettings(db);
  const rows = await db
    .select()
    .from(siteContent)
    .where(inArray(siteContent.contentKey, Object.values(HERO_KEYS)));
  const texts = (key: string) => {
    const row = rows.find((candidate) => candidate.contentKey === key);
    return { sv: row?.valueSv ?? '', en: row?.valueEn ?? '' };
  };
  return { siteTitle, heroTitle: texts(HERO_KEYS.heroTitle), heroSubtitle: texts(HERO_KEYS.heroSubtitle) };
}

/** Saves the site title and hero texts; the log keeps what they were before. */
export async function updateSiteContent(
  db: Database,
  adminId: string,
  content: AdminSiteContent,
): Promise<AdminSiteContent> {
  const before = await getSiteContentForAdmin(db);
  const now = new Date();
  await db.transaction(async (tx) => {
    await tx
      .insert(siteSettings)
      .values({ key: 'site_title', value: content.siteTitle, updatedAt: now })
      .onConflictDoUpdate({ target: siteSettings.key, set: { value: content.siteTitle, updatedAt: now } });
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
