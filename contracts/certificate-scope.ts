// Imports nothing, so that the pages that show a scope load no zod for it (contracts/treatments.ts too).

/**
 * The day certificates began to name the treatments they cover (issue 22): one issued before it has an
 * empty scope, and the pages say so rather than suggest it covers nothing.
 */
export const SCOPES_SINCE = '2026-11-26';
