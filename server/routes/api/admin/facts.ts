import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AdminFactsSchema, FactParamsSchema, IdParamsSchema, ScopeInputSchema } from '../../../../contracts/admin.ts';
import { FactReviewSchema } from '../../../../contracts/facts.ts';
import { found } from '../../../lib/api-failure.ts';
import { changeScope } from '../../../services/admin/certificate-decisions.ts';
import { getAdminFacts, reviewFact } from '../../../services/admin/fact-review.ts';
import { security, signedInRefusals } from '../route-schemas.ts';

const tags = ['admin'];
const decided = signedInRefusals(404, 409);

/** The facts behind a clinic's certificate and its scope (issue 22; the guard is in autohooks.ts). */
export const adminFactRoutes: FastifyPluginAsyncZod = async (app) => {
  /** Runs a change at the app's time and answers what the facts panel shows. */
  const changeThenFacts = async (clinicId: string, change: (now: Date) => Promise<void>) => {
    const now = app.now();
    await change(now);
    return found(await getAdminFacts(app.db, clinicId, now));
  };

  app.get(
    '/clinics/:id/facts',
    {
      schema: {
        summary:
          "A clinic's facts with their checks, its chosen treatments, the facts they need, those not yet verified, and its certificate's scope",
        tags,
        security,
        params: IdParamsSchema,
        response: { 200: AdminFactsSchema, ...signedInRefusals(404) },
      },
    },
    async (request) => found(await getAdminFacts(app.db, request.params.id, app.now())),
  );

  app.put(
    '/clinics/:id/facts/:factId',
    {
      schema: {
        summary: 'Verify a fact of the clinic, or reject it with the reason the clinic reads',
        tags,
        security,
        params: FactParamsSchema,
        body: FactReviewSchema,
        response: { 200: AdminFactsSchema, ...signedInRefusals(404) },
      },
    },
    async (request) =>
      changeThenFacts(request.params.id, (now) =>
        reviewFact(app.db, request.account.id, request.params.id, request.params.factId, request.body, now),
      ),
  );

  app.put(
    '/clinics/:id/scope',
    {
      schema: {
        summary:
          "Change the treatments the clinic's standing certificates cover; 409 facts_unverified while a fact they need is not verified, 409 without a standing certificate",
        tags,
        security,
        params: IdParamsSchema,
        body: ScopeInputSchema,
        response: { 200: AdminFactsSchema, ...decided },
      },
    },
    async (request) =>
      changeThenFacts(request.params.id, (now) =>
        changeScope(app.db, request.account.id, request.params.id, request.body.treatments, now),
      ),
  );
};
