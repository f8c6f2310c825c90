import { and, eq, or, sql } from 'drizzle-orm';
import { alias, PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { fixedSql, renderSql } from './fixed-sql.ts';
import { certificates, profiles } from './schema/index.ts';

const render = (statement: ReturnType<typeof sql>) => new PgDialect().sqlToQuery(statement);

describe('fixedSql', () => {
  it('renders a statement exactly as the fragment it fixes would, values numbered after it as before', () => {
    const columns = sql`${profiles.id} AS ${sql.identifier('id')}, ${profiles.fullName}`;
    const statement = (select: ReturnType<typeof sql>) =>
      sql`SELECT ${select} FROM ${profiles} WHERE ${profiles.city} = ${'Kalmar'} LIMIT ${25}`;
    expect(render(statement(fixedSql(columns)))).toEqual(render(statement(columns)));
    expect(render(statement(fixedSql(columns))).sql).toBe(
      'SELECT "profiles"."id" AS "id", "profiles"."full_name" FROM "profiles" WHERE "profiles"."city" = $1 LIMIT $2',
    );
  });

  it('refuses a fragment that holds a value, whose value would be lost', () => {
    expect(() => fixedSql(sql`${profiles.city} = ${'Kalmar'}`)).toThrow('A fixed fragment holds no values');
  });
});

describe('renderSql', () => {
  const asDrizzle = (statement: ReturnType<typeof sql>) => {
    const { sql: text, params } = render(statement);
    return { sql: text, params };
  };

  it('renders text, nested fragments, identifiers, columns, tables and values exactly as Drizzle does', () => {
    const certificate = alias(certificates, 'scope');
    const statements = [
      sql`SELECT ${profiles.id} AS ${sql.identifier('clinic "id"')} FROM ${profiles}
        WHERE ${and(sql`${profiles.city} = ${'Kalmar'}`, or(sql`${profiles.reviewCount} > ${3}`, undefined), sql`${null} IS NULL`)}
        AND EXISTS (SELECT 1 FROM ${certificate} WHERE ${certificate.clinicId} = ${profiles.id} AND ${true})
        ${undefined} LIMIT ${25}`,
      sql.join([sql`${'a'}`, fixedSql(sql`${profiles.fullName}`), sql.empty(), sql`${'b'}`], sql`, `),
    ];
    for (const statement of statements) expect(renderSql(statement)).toEqual(asDrizzle(statement));
    expect(renderSql(statements[1]!)).toEqual({ sql: '$1, "profiles"."full_name", , $2', params: ['a', 'b'] });
  });

  it('leaves a statement with any other chunk to Drizzle: a list of values, inlined values, a value with its column', () => {
    const statements = [
      sql`SELECT ${profiles.id} FROM ${profiles} WHERE ${eq(profiles.city, 'Kalmar')}`,
      sql`SELECT ${profiles.id} FROM ${profiles} WHERE ${profiles.city} IN ${['Kalmar', 'Visby']}`,
      sql`SELECT ${'Kalmar'}, ${sql`${'Visby'}`.inlineParams()}`,
    ];
    expect(statements.map((statement) => renderSql(statement).sql)).toEqual([
      'SELECT "profiles"."id" FROM "profiles" WHERE "profiles"."city" = $1',
      'SELECT "profiles"."id" FROM "profiles" WHERE "profiles"."city" IN ($1, $2)',
      "SELECT $1, 'Visby'",
    ]);
    for (const statement of statements) expect(renderSql(statement)).toMatchObject(asDrizzle(statement));
  });
});
