import { createHmac, randomUUID } from 'node:crypto';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { z } from 'zod';
import { DATA_EXPORT_TICKET_SECONDS } from '../../../contracts/data-export.ts';
import { ApiFailure } from '../../lib/api-failure.ts';
import type { AuthSettings } from '../auth/settings.ts';

// The one credential of GET /api/data-export (docs/decisions/034): a browser navigation carries no
// Authorization header, so the signed-in request that asks for the download gets a ticket for it.

const PURPOSE = 'data-export';

/**
 * Signed with a key of its own, derived from the JWT secret: an access token is never a ticket and a
 * ticket never an access token, whatever their claims say.
 */
const ticketKeys = new WeakMap<Uint8Array, Uint8Array>();
function ticketKey(settings: AuthSettings): Uint8Array {
  let key = ticketKeys.get(settings.jwtKey);
  if (!key) {
    key = new Uint8Array(
      createHmac('sha256', settings.jwtKey).update('certifierad-klinik data-export ticket').digest(),
    );
    ticketKeys.set(settings.jwtKey, key);
  }
  return key;
}

/** Whose data, who asked and from which session: the session must still live when the ticket is used. */
export interface DataExportTicket {
  subjectId: string;
  askerId: string;
  sessionId: string;
}

export async function signDataExportTicket(settings: AuthSettings, ticket: DataExportTicket): Promise<string> {
  const issuedAt = Math.floor(settings.now().getTime() / 1000);
  return new SignJWT({ purpose: PURPOSE, act: { sub: ticket.askerId }, sid: ticket.sessionId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(ticket.subjectId)
    .setAudience(PURPOSE)
    .setIssuer(settings.issuer)
    .setJti(randomUUID())
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + DATA_EXPORT_TICKET_SECONDS)
    .sign(ticketKey(settings));
}

const TicketClaimsSchema = z.object({
  purpose: z.literal(PURPOSE),
  sub: z.uuid(),
  act: z.object({ sub: z.uuid() }),
  sid: z.uuid(),
});

const invalid = () => new ApiFailure(401, 'data_export_ticket_invalid', 'dataExportTicketInvalid');

/** The ticket's claims, or 401 with the reason: expired, or forged, altered or of another kind. */
export async function verifyDataExportTicket(settings: AuthSettings, ticket: string): Promise<DataExportTicket> {
  try {
    const { payload } = await jwtVerify(ticket, ticketKey(settings), {
      algorithms: ['HS256'],
      issuer: settings.issuer,
      audience: PURPOSE,
      currentDate: settings.now(),
      requiredClaims: ['exp', 'sub', 'jti'],
    });
    const claims = TicketClaimsSchema.safeParse(payload);
    if (!claims.success) throw invalid();
    return { subjectId: claims.data.sub, askerId: claims.data.act.sub, sessionId: claims.data.sid };
  } catch (error) {
    if (error instanceof joseErrors.JWTExpired)
      throw new ApiFailure(401, 'data_export_ticket_expired', 'dataExportTicketExpired');
    if (error instanceof joseErrors.JOSEError) throw invalid();
    throw error;
  }
}
