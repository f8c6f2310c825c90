/** Sends one statement on one connection and answers its rows (client.ts: a pg client, or PGlite). */
export type RunStatement = (text: string, values?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;
