// What the database refuses, recognised the same way on PostgreSQL (node-postgres) and PGlite.

/** A unique-index violation, from node-postgres or PGlite, possibly wrapped by drizzle. */
export function isUniqueViolation(error: unknown): boolean {
  return hasCode(error, '23505');
}

/** Whether the error, or one it wraps (drizzle wraps the driver's), carries PostgreSQL's SQLSTATE `code`. */
function hasCode(error: unknown, code: string): boolean {
  for (let current: unknown = error; current; current = (current as { cause?: unknown }).cause) {
    if ((current as { code?: unknown }).code === code) return true;
  }
  return false;
}

/**
 * A statement PostgreSQL cancelled: here, one that ran past its connection's statement_timeout (the
 * register's search budget, DatabaseHandle.registerDb). PGlite has no timer and never cancels.
 */
export function isStatementCancelled(error: unknown): boolean {
  return hasCode(error, '57014');
}
