import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminClinicEditSchema,
  AdminClinicPageSchema,
  AdminClinicQuerySchema,
  AdminVisibilitySchema,
  ApplicationListQuerySchema,
  ApplicationListSchema,
  ClinicReviewSchema,
  IdParamsSchema,
  ReasonSchema,
} from '../../../../contracts/admin.ts';
import { found } from '../../../lib/api-failure.ts';
import {
  editClinic,
  getClinicReview,
  listApplications,
  listClinics,
  setClinicVisibilityByAdmin,
} from '../../../services/admin/clinics.ts';
import {
  approveApplication,
  approveChangeRequest,
  approveClinic,
  denyApplication,
  refuseChangeRequest,
  withdrawCertification,
} from '../../../services/admin/decisions.ts';
import { security, signedInRefusals } from '../route-schemas.ts';

const tags = ['admin'];
const decided = signedInRefusals(404, 409);

/** Applications and clinics: review, decide, edit, publish (the guard is in autohooks.ts). */
export const adminClinicRoutes: FastifyPluginAsyncZod = async (app) => {
  /** Runs a decision and answers the clinic as it now is. */
  const decideThenReview = async (clinicId: string, decision: () => Promise<void>) => {
    await decision();
    return found(await getClinicReview(app.db, clinicId));
  };

  app.get(
    '/applications',
    {
      schema: {
        summary: 'Clinics in Väntar and Nekad, newest first; sentIn=true only those sent in',
        tags,
        security,
        querystring: ApplicationListQuerySchema,
        response: { 200: ApplicationListSchema, ...signedInRefusals(404) },
      },
    },
    async (request) => listApplications(app.db, request.query),
  );

  app.get(
    '/clinics',
    {
      schema: {
        summary: 'Clinics searched by name, city, organisation number or email; sorted; by page',
        tags,
        security,
        querystring: AdminClinicQuerySchema,
        response: { 200: AdminClinicPageSchema, ...signedInRefusals(404) },
      },
    },
    async (request) => listClinics(app.db, request.query),
  );

  app.get(
    '/clinics/:id',
    {
      schema: {
        summary: 'One clinic for review: application, documents, history',
        tags,
        security,
        params: IdParamsSchema,
        response: { 200: ClinicReviewSchema, ...signedInRefusals(404) },
      },
    },
    async (request) => found(await getClinicReview(app.db, request.params.id)),
  );

  app.post(
    '/clinics/:id/approve-application',
    {
      schema: {
        summary: 'Approve a waiting application: Godkänd, certified, issued today',
        tags,
        security,
        params: IdParamsSchema,
        response: { 200: ClinicReviewSchema, ...decided },
      },
    },
    async (request) =>
      decideThenReview(request.params.id, () => approveApplication(app.db, request.account.id, request.params.id)),
  );

  app.post(
    '/clinics/:id/deny',
    {
      schema: {
        summary: 'Deny a waiting application with the reason the clinic reads',
        tags,
        security,
        params: IdParamsSchema,
        body: ReasonSchema,
        response: { 200: ClinicReviewSchema, ...decided },
      },
    },
    async (request) =>
      decideThenReview(request.params.id, () =>
        denyApplication(app.db, app.fileStore, request.account.id, request.params.id, request.body.reason),
      ),
  );

  app.post(
    '/clinics/:id/approve',
    {
      schema: {
        summary: "The clinics table's Godkänn: certify a waiting or denied clinic directly",
        tags,
        security,
        params: IdParamsSchema,
        response: { 200: ClinicReviewSchema, ...decided },
      },
    },
    async (request) =>
      decideThenReview(request.params.id, () => approveClinic(app.db, request.account.id, request.params.id)),
  );

  app.post(
    '/clinics/:id/withdraw',
    {
      schema: {
        summary: 'Withdraw a certification with a reason: Nekad, out of the register',
        tags,
        security,
        params: IdParamsSchema,
        body: ReasonSchema,
        response: { 200: ClinicReviewSchema, ...decided },
      },
    },
    async (request) =>
      decideThenReview(request.params.id, () =>
        withdrawCertification(app.db, app.fileStore, request.account.id, request.params.id, request.body.reason),
      ),
  );

  app.post(
    '/clinics/:id/change-request/approve',
    {
      schema: {
        summary:
          "Approve the clinic's open change request: its name, company, organisation number, criteria and documents become the reviewed values",
        tags,
        security,
        params: IdParamsSchema,
        response: { 200: ClinicReviewSchema, ...decided },
      },
    },
    async (request) =>
      decideThenReview(request.params.id, () =>
        approveChangeRequest(app.db, app.fileStore, request.account.id, request.params.id),
      ),
  );

  app.post(
    '/clinics/:id/change-request/refuse',
    {
      schema: {
        summary: "Refuse the clinic's open change request with the reason the clinic reads; the reviewed values stay",
        tags,
        security,
        params: IdParamsSchema,
        body: ReasonSchema,
        response: { 200: ClinicReviewSchema, ...decided },
      },
    },
    async (request) =>
      decideThenReview(request.params.id, () =>
        refuseChangeRequest(app.db, app.fileStore, request.account.id, request.params.id, request.body.reason),
      ),
  );

  app.patch(
    '/clinics/:id',
    {
      schema: {
        summary: "Edit a clinic's data",
        tags,
        security,
        params: IdParamsSchema,
        body: AdminClinicEditSchema,
        response: { 200: ClinicReviewSchema, ...decided },
      },
    },
    async (request) =>
      decideThenReview(request.params.id, () =>
        editClinic(app.db, request.account.id, request.params.id, request.body),
      ),
  );

  app.put(
    '/clinics/:id/visibility',
    {
      schema: {
        summary: 'Publish or hide a clinic',
        tags,
        security,
        params: IdParamsSchema,
        body: AdminVisibilitySchema,
        response: { 200: ClinicReviewSchema, ...decided },
      },
    },
    async (request) =>
      decideThenReview(request.params.id, () =>
        setClinicVisibilityByAdmin(app.db, request.account.id, request.params.id, request.body.isPublic),
      ),
  );
};
