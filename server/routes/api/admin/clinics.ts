import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminClinicEditSchema,
  AdminClinicPageSchema,
  AdminClinicQuerySchema,
  AdminPositionSchema,
  AdminVisibilitySchema,
  SuspensionInputSchema,
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
import { reinstateClinic, suspendClinic } from '../../../services/admin/certificate-decisions.ts';
import { correctClinicPosition } from '../../../services/clinic-position.ts';
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
/** A decision the clinic is emailed about: 503 when the email cannot be sent, and nothing was decided. */
const announced = signedInRefusals(404, 409, 503);

/** Applications and clinics: review, decide, edit, publish (the guard is in autohooks.ts). */
export const adminClinicRoutes: FastifyPluginAsyncZod = async (app) => {
  /** Runs a decision at the app's time and answers the clinic as it now is. */
  const decideThenReview = async (clinicId: string, decision: (now: Date) => Promise<void>) => {
    const now = app.now();
    await decision(now);
    return found(await getClinicReview(app.db, clinicId, now));
  };
  /** Where a decision's email goes out (services/decision-emails.ts). */
  const mail = { mailer: app.mailer, siteUrl: app.authSettings.siteUrl };

  app.get(
    '/applications',
    {
      schema: {
        summary:
          'Clinics in Väntar and Nekad and renewals or changes waiting, newest first: those sent in, with drafts=true the drafts too',
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
    async (request) => found(await getClinicReview(app.db, request.params.id, app.now())),
  );

  app.post(
    '/clinics/:id/approve-application',
    {
      schema: {
        summary:
          'Approve a waiting application or renewal: Godkänd, certified, issued today (a renewal from 1 January) covering the chosen treatments; 409 facts_unverified with the list while a fact they need is not verified',
        tags,
        security,
        params: IdParamsSchema,
        response: { 200: ClinicReviewSchema, ...announced },
      },
    },
    async (request) =>
      decideThenReview(request.params.id, (now) =>
        approveApplication(app.db, mail, request.account.id, request.params.id, now),
      ),
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
        response: { 200: ClinicReviewSchema, ...announced },
      },
    },
    async (request) =>
      decideThenReview(request.params.id, (now) =>
        denyApplication(app.db, app.fileStore, mail, request.account.id, request.params.id, request.body.reason, now),
      ),
  );

  app.post(
    '/clinics/:id/approve',
    {
      schema: {
        summary:
          "The clinics table's Godkänn: certify a waiting or denied clinic directly; 409 facts_unverified as for an application",
        tags,
        security,
        params: IdParamsSchema,
        response: { 200: ClinicReviewSchema, ...announced },
      },
    },
    async (request) =>
      decideThenReview(request.params.id, (now) =>
        approveClinic(app.db, mail, request.account.id, request.params.id, now),
      ),
  );

  app.post(
    '/clinics/:id/withdraw',
    {
      schema: {
        summary: 'Withdraw a certification, suspended or not, with a reason: Nekad, out of the register',
        tags,
        security,
        params: IdParamsSchema,
        body: ReasonSchema,
        response: { 200: ClinicReviewSchema, ...announced },
      },
    },
    async (request) =>
      decideThenReview(request.params.id, (now) =>
        withdrawCertification(
          app.db,
          app.fileStore,
          mail,
          request.account.id,
          request.params.id,
          request.body.reason,
          now,
        ),
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

  app.put(
    '/clinics/:id/position',
    {
      schema: {
        summary:
          "Correct a clinic's position (WGS 84 degrees, inside Sweden) for the register's distance search; it stays until the clinic names another town",
        tags,
        security,
        params: IdParamsSchema,
        body: AdminPositionSchema,
        response: { 200: ClinicReviewSchema, ...decided },
      },
    },
    async (request) =>
      decideThenReview(request.params.id, () =>
        correctClinicPosition(app.db, request.account.id, request.params.id, request.body),
      ),
  );

  app.post(
    '/clinics/:id/suspend',
    {
      schema: {
        summary:
          "Suspend the clinic's active certificates with a public reason: out of the register until reinstated; 409 when none is active",
        tags,
        security,
        params: IdParamsSchema,
        body: SuspensionInputSchema,
        response: { 200: ClinicReviewSchema, ...decided },
      },
    },
    async (request) =>
      decideThenReview(request.params.id, (now) =>
        suspendClinic(app.db, request.account.id, request.params.id, request.body.reason, now),
      ),
  );

  app.post(
    '/clinics/:id/reinstate',
    {
      schema: {
        summary:
          "Reinstate the clinic's suspended certificates: back in the register; 409 when none is suspended or a fact their scope needs is not verified",
        tags,
        security,
        params: IdParamsSchema,
        response: { 200: ClinicReviewSchema, ...decided },
      },
    },
    async (request) =>
      decideThenReview(request.params.id, (now) => reinstateClinic(app.db, request.account.id, request.params.id, now)),
  );
};
