import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { fixedSql } from './fixed-sql.ts';
import { profiles } from './schema/index.ts';

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
