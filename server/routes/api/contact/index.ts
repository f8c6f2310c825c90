import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ContactMessageSchema } from '../../../../contracts/contact.ts';
import { refuseOverMessageLimit } from '../messages/message-limit.ts';
import { refusals } from '../route-schemas.ts';
import { receiveContactMessage } from '../../../services/messages/contact.ts';

const TEN_MINUTES = 10 * 60 * 1000;

/** POST /api/contact: the contact form, without an account, a few times per address (CONTACT_LIMIT_PER_IP). */
export const contactRoutes: FastifyPluginAsyncZod<{ teamEmail: string; limitPerIp: number }> = async (
  app,
  { teamEmail, limitPerIp },
) => {
  const perIp = app.createSharedRateLimit('contact-ip', { max: limitPerIp, timeWindow: TEN_MINUTES });

  app.post(
    '/',
    {
      preHandler: refuseOverMessageLimit(perIp),
      schema: {
        summary: "The contact form: into the team's inbox as the sender's conversation, with a copy by email",
        tags: ['messages'],
        body: ContactMessageSchema,
        response: { 201: z.object({ ok: z.literal(true) }), ...refusals(400, 429, 503) },
        description:
          "With `threadToken` (from the link in the team's email to a guest) the message continues that guest's conversation; without it, an address that already has one gets a new conversation marked unconfirmed.",
      },
    },
    async (request, reply) => {
      await receiveContactMessage(app.db, { bus: app.messageBus, mailer: app.mailer }, teamEmail, request.body);
      return reply.code(201).send({ ok: true as const });
    },
  );
};
