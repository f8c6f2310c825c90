import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ApplicationInfoSchema,
  ClinicOwnProfileSchema,
  ClinicSettingsSchema,
  RenewalSubmissionSchema,
  VisibilitySchema,
} from '../../../../contracts/clinic-area.ts';
import {
  getClinicOwnProfile,
  setClinicVisibility,
  submitApplication,
  submitRenewal,
  updateApplicationInfo,
  updateClinicSettings,
  withdrawChangeRequest,
} from '../../../services/clinic-area/clinic-profile.ts';
import { found } from '../../../lib/api-failure.ts';
import { security, signedInRefusals } from '../route-schemas.ts';

const tags = ['clinic'];

/** The signed-in clinic's profile, application and visibility; the guard is in autohooks.ts. */
export const clinicProfileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/profile',
    {
      schema: {
        summary: "The clinic's own profile, application and status",
        tags,
        security,
        response: { 200: ClinicOwnProfileSchema, ...signedInRefusals(404) },
      },
    },
    async (request) => found(await getClinicOwnProfile(app.db, request.account.id)),
  );

  app.patch(
    '/settings',
    {
      schema: {
        summary: 'Save the public profile and contact details',
        tags,
        security,
        body: ClinicSettingsSchema,
        response: { 200: ClinicOwnProfileSchema, ...signedInRefusals(404, 409) },
      },
    },
    async (request) => updateClinicSettings(app.db, request.account.id, request.body),
  );

  app.patch(
    '/application',
    {
      schema: {
        summary: 'Save the application information and criteria (a draft: empty fields are allowed)',
        tags,
        security,
        body: ApplicationInfoSchema,
        response: { 200: ClinicOwnProfileSchema, ...signedInRefusals(404, 409) },
      },
    },
    async (request) => updateApplicationInfo(app.db, request.account.id, request.body),
  );

  app.post(
    '/application/submit',
    {
      schema: {
        summary: 'Send the application in: needs every field, the six criteria and a document',
        tags,
        security,
        response: { 200: ClinicOwnProfileSchema, ...signedInRefusals(404, 409) },
      },
    },
    async (request) => submitApplication(app.db, request.account.id, app.now()),
  );

  app.post(
    '/renewal',
    {
      schema: {
        summary: 'Renew for next year (from 1 November): the saved application with the six criteria confirmed anew',
        tags,
        security,
        body: RenewalSubmissionSchema,
        response: { 200: ClinicOwnProfileSchema, ...signedInRefusals(404, 409) },
      },
    },
    async (request) => submitRenewal(app.db, request.account.id, app.now()),
  );

  app.delete(
    '/change-request',
    {
      schema: {
        summary: 'Withdraw the open change request: the reviewed values stay, the documents added for it are deleted',
        tags,
        security,
        response: { 200: ClinicOwnProfileSchema, ...signedInRefusals(404, 409) },
      },
    },
    async (request) => withdrawChangeRequest(app.db, app.fileStore, request.account.id),
  );

  app.put(
    '/visibility',
    {
      schema: {
        summary: 'Publish or hide the clinic (the register lists it only while certified too)',
        tags,
        security,
        body: VisibilitySchema,
        response: { 200: ClinicOwnProfileSchema, ...signedInRefusals(404, 409) },
      },
    },
    async (request) => setClinicVisibility(app.db, request.account.id, request.body.isPublic),
  );
};
