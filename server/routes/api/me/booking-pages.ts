import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BookingPagesSchema } from '../../../../contracts/customer-area.ts';
import { listBookingPages } from '../../../services/customer-area/booking-pages.ts';
import { security, signedInRefusals } from '../route-schemas.ts';
import { customerOnly } from './customer-only.ts';

/** The bookings page's list (issue 28): customers only (the /api/me guard lets every role in; this narrows it). */
export const bookingPageRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(customerOnly);

  app.get(
    '/booking-pages',
    {
      schema: {
        summary: 'The followed register clinics that take bookings on a page of their own',
        tags: ['customer'],
        security,
        response: { 200: BookingPagesSchema, ...signedInRefusals() },
      },
    },
    async (request) => listBookingPages(app.db, request.account.id, app.now()),
  );
};
