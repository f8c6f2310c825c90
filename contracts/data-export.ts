import { z } from 'zod';

// Download of a person's data (issue 26 point 1 and the admin's export of point 5), docs/decisions/034.

/** A download link works this long: the browser follows it at once. */
export const DATA_EXPORT_TICKET_SECONDS = 60;

/**
 * POST /api/me/data-export and POST /api/admin/users/:id/data-export: where the browser goes for the zip,
 * a same-origin address carrying a short-lived ticket, so the file streams to disk instead of into memory.
 */
export const DataExportLinkSchema = z.object({
  url: z.string().describe('GET this address (a navigation, no Authorization header) within a minute'),
});
export type DataExportLink = z.infer<typeof DataExportLinkSchema>;

/** GET /api/data-export?ticket=…: the ticket is the only credential. */
export const DataExportQuerySchema = z.object({
  ticket: z
    .string('validation:dataExportTicketInvalid')
    .min(1, 'validation:dataExportTicketInvalid')
    .max(2048, 'validation:dataExportTicketInvalid'),
});
