import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** The OpenAPI description of `/api`, generated from the same zod schemas the routes validate with. */
export const openapiPlugin = fp(
  async (app) => {
    await app.register(swagger, {
      openapi: {
        info: { title: 'Certifierad Klinik API', version: '1' },
        tags: [
          {
            name: 'public',
            description:
              "The open verification API (/api/public): anyone's site or app may check a certificate, read-only. It answers any origin (Access-Control-Allow-Origin: *, for GET only), is rate limited per IP address (PUBLIC_API_RATE_LIMIT requests a minute, then 429 with Retry-After) and may be cached for 60 seconds. Its shapes are kept stable. The rest of /api serves this site alone.",
          },
        ],
        // The access token of /auth/v1 (POST /auth/v1/token), sent as `Authorization: Bearer <token>`.
        components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      },
      transform: jsonSchemaTransform,
    });
    await app.register(swaggerUi, {
      routePrefix: '/api/docs',
      staticCSP: true,
      // The viewer's own policy lets its pages be framed by the same origin ('self'), which contradicts
      // helmet's X-Frame-Options DENY on the same answer: nobody frames it (issue 12 point 7).
      transformStaticCSP: (header) => header.replace(/frame-ancestors [^;]*/, "frame-ancestors 'none'"),
    });
  },
  { name: 'openapi' },
);
