/**
 * The periods the privacy policy states, as the server's defaults have them: sessions
 * (server/services/auth/settings.ts SESSION_INACTIVITY_TIMEOUT_MS) and retention (server/env.ts
 * RETENTION_*). e2e/privacy-page.spec.ts compares them, so the page cannot drift from the code.
 */
export const PRIVACY_PERIODS = {
  sessionDays: 30,
  unsentDocumentsMonths: 12,
  decisionDocumentsYears: 7,
  otherDocumentsDays: 30,
  outboxDays: 30,
} as const;
