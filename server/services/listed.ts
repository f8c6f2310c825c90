import { Column, getTableName, is, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { profiles } from '../db/schema/index.ts';

// "Listed", in the register: a public clinic with a certificate in force on the Swedish date, not
// withdrawn. Its one definition is the SQL function ck_listed_clinics (migration 0016, decision 023);
// every reader of the register (search, follows, badge, clinic page, verification, sitemap, admin
// statistics, the listed-name rule) asks it through these two, never profiles.is_certified. `today` is
// the Swedish date of the app's clock (dateInSweden), which tests move.

/**
 * The clinics listed on `today`, named `profiles`, for raw SQL (the query builder allows only tables in
 * FROM): the profiles table's columns address them, and the planner inlines the function, so the
 * register's partial indexes serve the query.
 */
export const listedProfiles = (today: string): SQL => sql`ck_listed_clinics(${today}::date) AS ${profiles}`;

/**
 * A clinic the register may show: listed besides when its certificate is in force. The predicate of the
 * register's partial indexes (schema/profiles.ts), which a query must repeat for them to serve it.
 */
export const isPublicClinic: SQL = sql`${profiles.role} = 'clinic' AND ${profiles.isPublic}`;

/** Whether the clinic is listed on `today`: for the query builder, and for one clinic or a few. */
export const isListed = (clinicId: SQLWrapper | string, today: string): SQL =>
  sql`EXISTS (SELECT 1 FROM ck_listed_clinics(${today}::date) AS listed WHERE listed.id = ${qualified(clinicId)})`;

/**
 * A column with its table's name: Drizzle leaves it out in a select list of one table, where inside
 * the subquery `"id"` would name the listed clinic's own id and match every clinic.
 */
const qualified = (value: SQLWrapper | string): SQLWrapper | string =>
  is(value, Column) ? sql`${sql.identifier(getTableName(value.table))}.${sql.identifier(value.name)}` : value;
