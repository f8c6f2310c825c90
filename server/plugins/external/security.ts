import helmet from '@fastify/helmet';
import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';

export interface SecurityOptions {
  /**
   * Send Strict-Transport-Security: only in production, where the site is served over HTTPS behind a
   * proxy. On http://127.0.0.1 in development a browser would ignore it, and on a LAN host name it
   * would pin HTTPS where there is none.
   */
  hsts: boolean;
}

/**
 * Security headers on every answer (issue 12 point 7). The CSP allows no inline script and nothing
 * from another origin; inline styles stay allowed because Radix positions popovers with style
 * attributes. Nobody may frame a page (frame-ancestors 'none', X-Frame-Options DENY) except the badge,
 * which relaxes both on its own route (server/plugins/external/web-app.ts). No CORS plugin is
 * registered on purpose: the web app is served from the same origin, so a foreign origin gets no
 * Access-Control-Allow-Origin and no preflight is granted. server/plugins/external/security.test.ts
 * checks every route family.
 */
const DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'"],
  connectSrc: ["'self'"],
  // The admin previews a clinic's PDF from an object URL of the downloaded file.
  frameSrc: ["'self'", 'blob:'],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};
const REFERRER_POLICY = 'strict-origin-when-cross-origin';
const HSTS = { maxAge: 31_536_000, includeSubDomains: true };

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The headers of the issue (CSP, nosniff, frame and referrer policy, HSTS) for an answer that
     * helmet's onRequest hook never saw: Fastify's framework errors, answered before routing
     * (server/plugins/app/errors.ts `sendFrameworkError`).
     */
    setSecurityHeaders(reply: FastifyReply): void;
  }
}

export const securityPlugin = fp<SecurityOptions>(
  async (app, { hsts }) => {
    await app.register(helmet, {
      contentSecurityPolicy: { useDefaults: false, directives: DIRECTIVES },
      frameguard: { action: 'deny' },
      referrerPolicy: { policy: REFERRER_POLICY },
      crossOriginEmbedderPolicy: false,
      strictTransportSecurity: hsts ? HSTS : false,
    });

    // The same policy as helmet writes it (security.test.ts compares the two).
    const policy = Object.entries(DIRECTIVES)
      .map(([name, sources]) => `${name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)} ${sources.join(' ')}`)
      .join(';');
    app.decorate('setSecurityHeaders', (reply: FastifyReply) => {
      reply
        .header('content-security-policy', policy)
        .header('x-content-type-options', 'nosniff')
        .header('x-frame-options', 'DENY')
        .header('referrer-policy', REFERRER_POLICY);
      if (hsts) reply.header('strict-transport-security', `max-age=${HSTS.maxAge}; includeSubDomains`);
    });
  },
  { name: 'security' },
);
