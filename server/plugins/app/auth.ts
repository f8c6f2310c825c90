import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ApiError } from '../../../contracts/errors.ts';
import type { Role } from '../../../contracts/constants.ts';
import { requestLanguage, translateMessage } from '../../lib/messages.ts';
import { AuthError, authErrors, toGoTrueBody } from '../../lib/auth-error.ts';
import type { AuthContext } from '../../services/auth/sessions.ts';
import type { AuthSettings } from '../../services/auth/settings.ts';

export type AuthHook = (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply | undefined>;

/** Who is signed in, as a route behind `requireRole` acts for them. */
export interface Account {
  id: string;
  role: Role;
}

declare module 'fastify' {
  interface FastifyInstance {
    authSettings: AuthSettings;
    /** Hook: lets the request through with `request.auth` set, or answers 401. */
    authenticate: AuthHook;
    /** Hook factory: signed in (401 otherwise) with one of these roles (403 otherwise). */
    requireRole: (...roles: Role[]) => AuthHook;
  }
  interface FastifyRequest {
    /** The signed-in person, set by `authenticate`; null before it ran or on public routes. */
    auth: AuthContext | null;
    /**
     * The signed-in account of a route behind `requireRole` (its guard ran first); on a route
     * without one, reading it is a programming error and fails the request with a 500.
     */
    readonly account: Account;
  }
}

export interface AuthOptions {
  settings: AuthSettings;
  /** Who a bearer token speaks for (services/auth/sessions.ts identifyBearer, given by app.ts). */
  identify: (token: string) => Promise<AuthContext | AuthError>;
}

const BEARER = /^Bearer\s+(\S+)\s*$/i;

function isGoTrueRoute(request: FastifyRequest): boolean {
  return request.url.startsWith('/auth/v1/');
}

/** `/auth/v1` refuses in GoTrue's shape (auth-js reads it); `/api` in its own, translated. */
function refuse(request: FastifyRequest, reply: FastifyReply, error: AuthError, apiStatus: 401 | 403): FastifyReply {
  if (isGoTrueRoute(request)) return reply.code(error.status).send(toGoTrueBody(error));
  const code = apiStatus === 401 ? 'unauthorized' : 'forbidden';
  const body: ApiError = { error: { code, message: translateMessage(code, requestLanguage(request)) } };
  return reply.code(apiStatus).send(body);
}

/**
 * ARCHITECTURE "Auth": every protected request checks the token's signature and expiry and that its
 * session still exists (one query by primary key), so signing out or a revoked session takes
 * effect at once, not when the token expires.
 */
export const authPlugin = fp<AuthOptions>(
  async (app, { settings, identify }) => {
    app.decorate('authSettings', settings);
    app.decorateRequest('auth', null);
    app.decorateRequest('account', {
      getter(this: FastifyRequest): Account {
        if (!this.auth) throw new Error(`${this.routeOptions.url ?? this.url} read the account without a role guard`);
        return { id: this.auth.userId, role: this.auth.role };
      },
    });

    async function identifyRequest(request: FastifyRequest): Promise<AuthContext | AuthError> {
      const token = BEARER.exec(request.headers.authorization ?? '')?.[1];
      return token ? identify(token) : authErrors.noAuthorization();
    }

    const authenticate: AuthHook = async (request, reply) => {
      if (request.auth) return undefined;
      const identity = await identifyRequest(request);
      if (identity instanceof AuthError) return refuse(request, reply, identity, 401);
      request.auth = identity;
      return undefined;
    };

    app.decorate('authenticate', authenticate);
    app.decorate('requireRole', (...roles: Role[]): AuthHook => {
      return async (request, reply) => {
        await authenticate(request, reply);
        if (reply.sent || !request.auth) return reply;
        if (!roles.includes(request.auth.role)) {
          return refuse(request, reply, new AuthError(403, 'forbidden', 'Not allowed for this role'), 403);
        }
        return undefined;
      };
    });
  },
  { name: 'auth' },
);
