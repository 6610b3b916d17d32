import {
  adminEnableQuerySchema,
  adminProfileQuerySchema,
  adminProfileSchema,
  adminProfileUpdateSchema,
  adminUserRowSchema,
  adminUsersPageSchema,
  adminUsersQuerySchema,
  adminVerifyBodySchema,
  adminVerifyQuerySchema,
  idParamsSchema,
} from '@rozmova/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { viewerContext } from '../../plugins/auth.js';
import * as service from './users-service.js';

/** Admins: accounts (list, enable, verify psychologists) and their own profile. */
const adminUserRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['admin'];

  app.get(
    '/admin/users',
    {
      schema: {
        tags,
        summary: 'Accounts, paged by id, with search by name or e-mail and filters by role and verification',
        querystring: adminUsersQuerySchema,
        response: { 200: adminUsersPageSchema },
      },
    },
    (request) => service.listUsers(viewerContext(app, request), request.query),
  );

  app.put(
    '/admin/users/:id/enable',
    {
      config: { recheck: true },
      schema: {
        tags,
        summary: 'Enable or disable an account; disabling ends its sessions at once',
        description:
          "403 RECHECK_REQUIRED when the admin's last check of a factor is older than 10 minutes: " +
          'POST /api/user/recheck, then send it again.',
        params: idParamsSchema,
        querystring: adminEnableQuerySchema,
        response: { 200: adminUserRowSchema },
      },
    },
    (request) => service.setEnabled(viewerContext(app, request), { id: request.params.id, enable: request.query.enable }),
  );

  app.put(
    '/admin/users/:id/verify',
    {
      schema: {
        tags,
        summary: "Approve or reject a psychologist's documents: only verified psychologists are offered and bookable",
        description:
          'verified=true approves. verified=false with a JSON body { "reason": "…" } rejects: the psychologist sees the ' +
          'reason and may send new documents. verified=false without a body withdraws a verification (awaiting a check). ' +
          'The psychologist is told in the app and by mail (VERIFIED, VERIFICATION_REJECTED with the reason, ' +
          'VERIFICATION_WITHDRAWN) of every rejection, and of an approval or withdrawal that changes their state.',
        params: idParamsSchema,
        querystring: adminVerifyQuerySchema,
        body: adminVerifyBodySchema,
        response: { 200: adminUserRowSchema },
      },
    },
    (request) =>
      service.setPsychologistVerified(viewerContext(app, request), {
        id: request.params.id,
        verified: request.query.verified,
        reason: request.body?.reason,
      }),
  );

  app.get(
    '/admin/profile',
    { schema: { tags, querystring: adminProfileQuerySchema, response: { 200: adminProfileSchema } } },
    async (request) => service.getProfile(viewerContext(app, request), request.query.email),
  );

  app.put(
    '/admin/profile',
    {
      schema: {
        tags,
        querystring: adminProfileQuerySchema,
        body: adminProfileUpdateSchema,
        response: { 200: adminProfileSchema },
      },
    },
    (request) => service.updateProfile(viewerContext(app, request), { email: request.query.email, body: request.body }),
  );
};
export default adminUserRoutes;
