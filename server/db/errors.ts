// What the database refuses, recognised the same way on PostgreSQL (node-postgres) and PGlite.

/** A unique-index violation, from node-postgres or PGlite, possibly wrapped by drizzle. */
export function isUniqueViolation(error: unknown): boolean {
  for (let current: unknown = error; current; current = (current as { cause?: unknown }).cause) {
    if ((current as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
