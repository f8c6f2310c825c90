import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { TreatmentId } from '../../../contracts/treatments.ts';
import { users } from './users.ts';

export const roleEnum = pgEnum('role', ['customer', 'clinic', 'admin']);
export const applicationStatusEnum = pgEnum('application_status', ['Väntar', 'Godkänd', 'Nekad']);
/** Where a clinic's position came from (issue 24): its town in the list of places, or an admin's correction. */
export const positionSourceEnum = pgEnum('position_source', ['town', 'admin']);

export const profiles = pgTable(
  'profiles',
  {
    id: uuid('id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: roleEnum('role').notNull().default('customer'),
    fullName: text('full_name').notNull().default(''),
    email: text('email').notNull(),
    companyName: text('company_name'),
    orgNumber: text('org_number'),
    website: text('website'),
    address: text('address'),
    contactPerson: text('contact_person'),
    contactEmail: text('contact_email'),
    phoneNumber: text('phone_number'),
    description: text('description'),
    discountCode: text('discount_code'),
    city: text('city'),
    /** The postal code of the clinic's address (`address` is the street, `city` the town), as "753 20". */
    postalCode: text('postal_code'),
    /**
     * Where the clinic is (WGS 84 degrees), for the register's distance search (issue 24): its town's
     * position from the list of places when it saves its city, or where an admin put it. All three
     * null while the clinic's town is unknown.
     */
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    positionSource: positionSourceEnum('position_source'),
    coverImageUrl: text('cover_image_url'),
    /**
     * The clinic's choice to be shown in the public register while certified (issue 28): asked on the
     * application, on by default, changed in one click on the overview.
     */
    isPublic: boolean('is_public').notNull().default(true),
    /** The clinic's own booking page (https), behind "Boka en behandling"; null hides the button. */
    bookingUrl: text('booking_url'),
    /**
     * The application's state: approved and not yet lapsed, as decisions and the hourly lifecycle job keep
     * it. Never what decides "listed": that is a certificate in force (ck_listed_clinics, decision 023).
     */
    isCertified: boolean('is_certified').notNull().default(false),
    applicationStatus: applicationStatusEnum('application_status').notNull().default('Väntar'),
    /** When the clinic last sent its application in; null while it is a draft. */
    applicationSubmittedAt: timestamp('application_submitted_at', { withTimezone: true }),
    /** When an admin last approved or denied the application. */
    applicationDecidedAt: timestamp('application_decided_at', { withTimezone: true }),
    /** The admin's reason for the last denial, shown to the clinic: what to correct before sending in again. */
    denialReason: text('denial_reason'),
    /** Where the cover image lives in the `clinic-covers` store; `cover_image_url` is its public address. */
    coverImagePath: text('cover_image_path'),
    /** Issue date of the certificate: set when an admin approves the clinic. */
    certifiedAt: timestamp('certified_at', { withTimezone: true }),
    /** When a certified clinic sent in its renewal for next year; null when none waits for the admin. */
    renewalSubmittedAt: timestamp('renewal_submitted_at', { withTimezone: true }),
    /**
     * The clinic's public page, `/kliniker/{slug}`: made once from its name by a trigger (migration
     * 0008) and kept when the clinic is renamed, so links to it keep working.
     */
    slug: text('slug'),
    // The six certification criteria of the application form (SPEC c1..c6), confirmed by the clinic.
    c1LiabilityInsurance: boolean('c1_liability_insurance').notNull().default(false),
    c2RegisteredCompany: boolean('c2_registered_company').notNull().default(false),
    c3StaffEducation: boolean('c3_staff_education').notNull().default(false),
    c4HygienicPremises: boolean('c4_hygienic_premises').notNull().default(false),
    c5ApprovedProducts: boolean('c5_approved_products').notNull().default(false),
    c6ClientRoutines: boolean('c6_client_routines').notNull().default(false),
    /** The treatments the clinic asks its certificate to cover (issue 22); the certificate holds its scope. */
    treatments: text('treatments')
      .array()
      .$type<TreatmentId[]>()
      .notNull()
      .default(sql`'{}'::text[]`),
    /**
     * The clinic's published reviews (issue 23) and the sum of their stars, kept by a trigger on
     * clinic_reviews in the review's own transaction (migration 0020): the register's cards read the
     * rating from the row they already read, never from an aggregate per request.
     */
    reviewCount: integer('review_count').notNull().default(0),
    reviewRatingSum: integer('review_rating_sum').notNull().default(0),
    /** Swedish alphabetical sort key (å, ä, ö after z) that sorts the same on every engine under COLLATE "C". */
    nameSortKey: text('name_sort_key')
      .notNull()
      .generatedAlwaysAs(sql`ck_swedish_sort_key(full_name)`),
    /**
     * What the register search compares, stored rather than computed per row: ck_search_key is an SQL
     * function PostgreSQL cannot inline, and only a real column gives the planner statistics to tell a
     * rare search text from a common one.
     */
    nameSearchKey: text('name_search_key')
      .notNull()
      .generatedAlwaysAs(sql`ck_search_key(full_name)`),
    citySearchKey: text('city_search_key')
      .notNull()
      .generatedAlwaysAs(sql`ck_search_key(coalesce(city, ''))`),
    /**
     * What the admin's tables search (name, city, email, organisation number with and without its
     * hyphen) as one stored key with one trigram index: a single LIKE per row, or an index lookup.
     */
    adminSearchKey: text('admin_search_key')
      .notNull()
      .generatedAlwaysAs(
        sql`ck_search_key(full_name || ' ' || coalesce(city, '') || ' ' || email || ' ' || coalesce(org_number, '') || ' ' || replace(coalesce(org_number, ''), '-', ''))`,
      ),
    /**
     * When the account was deleted (issue 26): the profile keeps only what the body's record needs (a
     * clinic's name behind its public history); shown to others as "Borttagen användare". Its
     * documents wait for the retention job.
     */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
  },
  (t) => [
    index('profiles_role_idx').on(t.role),
    // The public register: public clinics in Swedish name order (keyset pagination); which of them are
    // listed (a certificate in force) is ck_listed_clinics' to say (migration 0016, decision 023), and a
    // date cannot be part of an index. Its migrations add INCLUDE (the search keys and the card fields,
    // the position since 0025), which Drizzle cannot express: a search then filters and answers from the
    // index alone.
    index('profiles_register_cards_idx')
      .on(sql`${t.nameSortKey} COLLATE "C"`, t.id)
      .where(sql`${t.role} = 'clinic' AND ${t.isPublic}`),
    // The admin's clinics table (server/services/admin/clinics.ts): each sort walks its index for one page.
    index('profiles_clinics_by_name_idx')
      .on(sql`${t.nameSortKey} COLLATE "C"`, t.id)
      .where(sql`${t.role} = 'clinic'`),
    index('profiles_clinics_by_created_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.role} = 'clinic'`),
    index('profiles_clinics_by_status_idx')
      .on(t.applicationStatus, sql`${t.nameSortKey} COLLATE "C"`, t.id)
      .where(sql`${t.role} = 'clinic'`),
    uniqueIndex('profiles_slug_idx').on(t.slug),
    // The open verification API's search by organisation number (issue 22).
    index('profiles_clinics_by_org_number_idx')
      .on(t.orgNumber)
      .where(sql`${t.role} = 'clinic'`),
    index('profiles_admin_search_idx').using('gin', sql`${t.adminSearchKey} gin_trgm_ops`),
    index('profiles_name_search_idx')
      .using('gin', sql`${t.nameSearchKey} gin_trgm_ops`)
      .where(sql`${t.role} = 'clinic' AND ${t.isPublic}`),
    index('profiles_city_search_idx')
      .using('gin', sql`${t.citySearchKey} gin_trgm_ops`)
      .where(sql`${t.role} = 'clinic' AND ${t.isPublic}`),
    // The register's distance search (decision 037): public clinics by their point on the earth
    // (ck_earth_point, migration 0024: earthdistance's ll_to_earth with qualified names, so a restore can
    // build it), for earth_box's prefilter.
    index('profiles_register_position_idx')
      .using('gist', sql`ck_earth_point(${t.latitude}, ${t.longitude})`)
      .where(sql`${t.role} = 'clinic' AND ${t.isPublic}`),
    check(
      'profiles_position_whole',
      sql`(${t.latitude} IS NULL) = (${t.longitude} IS NULL) AND (${t.latitude} IS NULL) = (${t.positionSource} IS NULL)`,
    ),
  ],
);

/**
 * Every word of the names and cities the register has shown (search keys, three letters or more), for
 * typo-tolerant search: comparing a typed word with these few thousand words is far cheaper than with
 * every clinic. A trigger on profiles (migration 0003) adds the words; a word whose clinics have gone
 * stays, which costs nothing but a candidate that matches no clinic.
 */
export const registerSearchWords = pgTable(
  'register_search_words',
  {
    word: text('word').primaryKey(),
  },
  (t) => [index('register_search_words_trgm_idx').using('gist', sql`${t.word} gist_trgm_ops`)],
);

/**
 * Each word (three letters or more) of a public clinic's name and city with the clinic's place in the
 * register's name order (issue 29, decision 040). A near match pages in name order by merging the rows
 * of its words, index order all the way, instead of reading every clinic that has one of them. Kept by
 * triggers on profiles (migration 0028); filled for the clinics before it by server/db/online-backfills.ts.
 */
export const registerWords = pgTable(
  'register_words',
  {
    word: text('word').notNull(),
    /**
     * The clinic's sort key, U+0001 and its id (ck_register_key): one column that orders as the register's
     * (sort key, id) does, so that PostgreSQL estimates a join of two words' rows on it as it is.
     */
    registerKey: text('register_key').notNull(),
    clinicId: uuid('clinic_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
  },
  (t) => [
    uniqueIndex('register_words_order_idx').on(t.word, sql`${t.registerKey} COLLATE "C"`),
    index('register_words_clinic_idx').on(t.clinicId),
  ],
);

/**
 * Every two neighbouring words of a public clinic's name, and of its city, with the signs between them
 * as written (ck_search_pairs, migration 0029): "hud & laser". A clinic's name or city contains a typed
 * text of two words or more only if each two neighbouring typed words, with what was typed between
 * them, are inside one of these, so a text none has (a kind and a town typed together, "skönhetsrum
 * uppsala", or two spaces where names have one) is known to be in no clinic without reading any. A
 * trigger on profiles adds them; a pair whose clinics have gone stays, as register_search_words' words do.
 */
export const registerSearchPairs = pgTable(
  'register_search_pairs',
  {
    pair: text('pair').primaryKey(),
  },
  (t) => [index('register_search_pairs_trgm_idx').using('gist', sql`${t.pair} gist_trgm_ops`)],
);

/**
 * A row here while register_search_pairs lacks clinics saved before it (migration 0029): until its
 * backfill has run and removed the row, the register search does not trust a pair's absence.
 */
export const registerSearchPairsBackfill = pgTable('register_search_pairs_backfill', {
  pendingSince: timestamp('pending_since', { withTimezone: true }).primaryKey().defaultNow(),
});

/**
 * Every word of one or two letters or digits in a public clinic's name or city ("Hud & Spa i Lund":
 * "i"; migration 0030). register_search_words leaves them out, so a typed word of one or two letters
 * has the whole of its register words' list only when none of these matches it: then a search of `id`
 * pages from the rows of david, ingrid and sigrid instead of reading every clinic with "id" to sort. A
 * trigger on profiles adds them; one whose clinics have gone stays, which costs only that list.
 */
export const registerShortWords = pgTable('register_short_words', {
  word: text('word').primaryKey(),
});

/**
 * A row here while register_short_words lacks clinics saved before it (migration 0030): until its
 * backfill has run and removed the row, no typed word of one or two letters has a list.
 */
export const registerShortWordsBackfill = pgTable('register_short_words_backfill', {
  pendingSince: timestamp('pending_since', { withTimezone: true }).primaryKey().defaultNow(),
});

/**
 * Each two register words some public clinic has together in its name and city, in either order,
 * lesser first (migration 0031). A near match asks each typed word, or a register word close to it, in
 * the name or city in any order, so two of its word lists hold a clinic in common only if a word of
 * each is paired here: where none is, the near match is in no clinic, which a merge of the two lists
 * proves only by reading both to their ends (`estetiksa klinik`: 312,000 rows at a million). A trigger
 * on profiles adds them; a pair whose clinics have gone stays, which costs only that proof.
 */
export const registerWordPairs = pgTable(
  'register_word_pairs',
  {
    firstWord: text('first_word').notNull(),
    secondWord: text('second_word').notNull(),
  },
  (t) => [primaryKey({ columns: [t.firstWord, t.secondWord] })],
);

/**
 * A row here while register_word_pairs lacks clinics saved before it (migration 0031): until its
 * backfill has run and removed the row, the register search does not trust a pair's absence.
 */
export const registerWordPairsBackfill = pgTable('register_word_pairs_backfill', {
  pendingSince: timestamp('pending_since', { withTimezone: true }).primaryKey().defaultNow(),
});

/**
 * A row here while register_words lacks clinics saved before it (migration 0028): until its backfill has
 * run and removed the row, the register search does not use it. Empty, it is complete.
 */
export const registerWordsBackfill = pgTable('register_words_backfill', {
  pendingSince: timestamp('pending_since', { withTimezone: true }).primaryKey().defaultNow(),
});
