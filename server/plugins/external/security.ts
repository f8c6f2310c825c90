import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';
import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { SESSION_HINT_SCRIPT } from '../../../contracts/session-hint.ts';

export interface SecurityOptions {
  /**
   * Send Strict-Transport-Security: only in production, where the site is served over HTTPS behind a
   * proxy. On http://127.0.0.1 in development a browser would ignore it, and on a LAN host name it
   * would pin HTTPS where there is none.
   */
  hsts: boolean;
  /**
   * MAP_STYLE_URL (issue 24): its origin may be fetched from (the style, its tiles, glyphs and sprites)
   * and drawn from. Unset, the policy names no other origin.
   */
  mapStyleUrl?: string;
}

/**
 * Security headers on every answer (issue 12 point 7). The CSP allows no inline script but the session
 * hint, by its hash (docs/decisions/025-session-known-at-first-paint.md), and nothing from another
 * origin but the map's, when one is set (docs/decisions/038); inline styles stay allowed because Radix positions popovers with style
 * attributes. Nobody may frame a page (frame-ancestors 'none', X-Frame-Options DENY) except the badge,
 * which relaxes both on its own route (server/routes/pages). No CORS plugin is registered on purpose:
 * the web app is served from the same origin, so a foreign origin gets no Access-Control-Allow-Origin
 * and no preflight is granted, except by the open verification API (server/routes/api/public), which
 * answers any origin for GET on its own routes. server/plugins/external/security.test.ts checks every
 * route family.
 */
const DIRECTIVES = {
  defaultSrc: ["'self'"],
  // Also the workers' policy (worker-src is not set and falls back to it): pdf.js's worker for the
  // admin's PDF preview and MapLibre's for the map are files of the build. No 'unsafe-eval' and no 'wasm-unsafe-eval': pdf.js runs
  // its JavaScript decoders instead (docs/decisions/022-pdf-preview-with-pdfjs.md).
  scriptSrc: ["'self'", `'sha256-${createHash('sha256').update(SESSION_HINT_SCRIPT).digest('base64')}'`],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'"],
  connectSrc: ["'self'"],
  // The clinic's certification page previews its badge (/badge). No document is framed: the admin's
  // PDF preview draws with pdf.js onto canvases (issue 27 point 8).
  frameSrc: ["'self'"],
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
     * The security headers (CSP, nosniff, frame and referrer policy, HSTS and helmet's others), for an
     * answer that the onRequest hook never saw: Fastify's framework errors, answered before routing
     * (server/plugins/app/errors.ts `sendFrameworkError`).
     */
    setSecurityHeaders(reply: FastifyReply): void;
  }
}

/**
 * The headers helmet writes for `options`, worked out once. @fastify/helmet runs helmet anew for every
 * request (it builds the middleware and parses the CSP in each onRequest hook: 2 to 3 % of the CPU of a
 * register search, issue 13); the headers are the same for every answer, so they are set as they are.
 */
function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

export const securityPlugin = fp<SecurityOptions>(
  async (app, { hsts, mapStyleUrl }) => {
    const mapOrigin = mapStyleUrl === undefined ? [] : [new URL(mapStyleUrl).origin];
    const directives = {
      ...DIRECTIVES,
      imgSrc: [...DIRECTIVES.imgSrc, ...mapOrigin],
      connectSrc: [...DIRECTIVES.connectSrc, ...mapOrigin],
    };
    const headers = helmetHeaders({
      contentSecurityPolicy: { useDefaults: false, directives },
      frameguard: { action: 'deny' },
      referrerPolicy: { policy: REFERRER_POLICY },
      crossOriginEmbedderPolicy: false,
      strictTransportSecurity: hsts ? HSTS : false,
    });
    const setSecurityHeaders = (reply: FastifyReply) => {
      reply.headers(headers);
    };
    app.decorate('setSecurityHeaders', setSecurityHeaders);
    app.addHook('onRequest', (_request, reply, done) => {
      setSecurityHeaders(reply);
      done();
    });
  },
  { name: 'security' },
);
