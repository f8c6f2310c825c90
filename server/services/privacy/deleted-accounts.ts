import { and, eq, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Language } from '../../../contracts/constants.ts';
import type { Database } from '../../db/client.ts';
import { profiles } from '../../db/schema/index.ts';
import { translateMessage } from '../../lib/messages.ts';

// A deleted account keeps its row (docs/decisions/035): what others keep of it (the other side of a
// conversation, a report, the certificate record) still points at it. This is the one place that says
// how others see it, so the inbox, the threads and the admin's tables cannot disagree.

/** How another person's deleted account is named: "Borttagen användare" / "Deleted user". */
export const deletedUserName = (language: Language): string => translateMessage('deletedUser', language);

/** A profile as a query names it: the table or an alias of it (`alias(profiles, 'a')`). */
interface NamedProfile {
  fullName: AnyPgColumn;
  deletedAt: AnyPgColumn;
}

/** A person's name as others see it, in SQL: the profile's name, or `deletedUserName` once the account is deleted. */
export const shownName = (profile: NamedProfile, language: Language): SQL<string> =>
  sql<string>`CASE WHEN ${profile.deletedAt} IS NULL THEN ${profile.fullName} ELSE ${deletedUserName(language)} END`;

/** The address a deleted account's rows keep: it cannot receive mail (RFC 2606 `.invalid`) and is the account's own. */
export const deletedAddress = (userId: string): string => `deleted-${userId}@deleted.invalid`;

/** Whether the account is deleted: a conversation with it takes no more messages. */
export async function isDeletedAccount(db: Pick<Database, 'select'>, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: profiles.id })
    .from(profiles)
    .where(and(eq(profiles.id, userId), isNotNull(profiles.deletedAt)));
  return row !== undefined;
}
