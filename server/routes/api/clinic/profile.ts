import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ApplicationInfoSchema,
  ClinicOwnProfileSchema,
  ClinicSettingsSchema,
  RenewalSubmissionSchema,
  VisibilitySchema,
} from '../../../../contracts/clinic-area.ts';
import { ApiErrorSchema } from '../../../../contracts/errors.ts';
import {
  ClinicAreaError,
  getClinicOwnProfile,
  setClinicVisibility,
  submitApplication,
  submitRenewal,
  updateApplicationInfo,
  updateClinicSettings,
  withdrawChangeRequest,
} from '../../../services/clinic-area/clinic-profile.ts';
import { clinicClientId, refusals, security, sendClinicAreaError, tags } from './respond.ts';

/** The signed-in clinic's profile, application and visibility; the guard is in autohooks.ts. */
export const clinicProfileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/profile',
    {
      schema: {
        summary: "The clinic's own profile, application and status",
        tags,
        security,
        response: { 200: ClinicOwnProfileSchema, ...refusals },
      },
    },
    async (request, reply) => {
      const profile = await getClinicOwnProfile(app.db, clinicClientId(request));
      return profile ?? sendClinicAreaError(request, reply, new ClinicAreaError(404, 'not_found'));
    },
  );

  app.patch(
    '/settings',
    {
      schema: {
        summary: 'Save the public profile and contact details',
        tags,
        security,
        body: ClinicSettingsSchema,
        response: { 200: ClinicOwnProfileSchema, ...refusals, 409: ApiErrorSchema },
      },
    },
    async (request, reply) =>
      updateClinicSettings(app.db, clinicClientId(request), request.body).catch((error: unknown) =>
        sendClinicAreaError(request, reply, error),
      ),
  );

  app.patch(
    '/application',
    {
      schema: {
        summary: 'Save the application information and criteria (a draft: empty fields are allowed)',
        tags,
        security,
        body: ApplicationInfoSchema,
        response: { 200: ClinicOwnProfileSchema, ...refusals, 409: ApiErrorSchema },
      },
    },
    async (request, reply) =>
      updateApplicationInfo(app.db, clinicClientId(request), request.body).catch((error: unknown) =>
        sendClinicAreaError(request, reply, error),
      ),
  );

  app.post(
    '/application/submit',
    {
      schema: {
        summary: 'Send the application in: needs every field, the six criteria and a document',
        tags,
        security,
        response: { 200: ClinicOwnProfileSchema, ...refusals, 409: ApiErrorSchema },
      },
    },
    async (request, reply) =>
      submitApplication(app.db, clinicClientId(request)).catch((error: unknown) =>
        sendClinicAreaError(request, reply, error),
      ),
  );

  app.post(
    '/renewal',
    {
      schema: {
        summary: 'Renew for next year (from 1 November): the saved application with the six criteria confirmed anew',
        tags,
        security,
        body: RenewalSubmissionSchema,
        response: { 200: ClinicOwnProfileSchema, ...refusals, 409: ApiErrorSchema },
      },
    },
    async (request, reply) =>
      submitRenewal(app.db, clinicClientId(request)).catch((error: unknown) =>
        sendClinicAreaError(request, reply, error),
      ),
  );

  app.delete(
    '/change-request',
    {
      schema: {
        summary: 'Withdraw the open change request: the reviewed values stay, the documents added for it are deleted',
        tags,
        security,
        response: { 200: ClinicOwnProfileSchema, ...refusals, 409: ApiErrorSchema },
      },
    },
    async (request, reply) =>
      withdrawChangeRequest(app.db, app.fileStore, clinicClientId(request)).catch((error: unknown) =>
        sendClinicAreaError(request, reply, error),
      ),
  );

  app.put(
    '/visibility',
    {
      schema: {
        summary: 'Publish or hide the clinic (the register lists it only while certified too)',
        tags,
        security,
        body: VisibilitySchema,
        response: { 200: ClinicOwnProfileSchema, ...refusals, 409: ApiErrorSchema },
      },
    },
    async (request, reply) =>
      setClinicVisibility(app.db, clinicClientId(request), request.body.isPublic).catch((error: unknown) =>
        sendClinicAreaError(request, reply, error),
      ),
  );
};
